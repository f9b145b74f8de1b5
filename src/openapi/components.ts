/**
 * The shared parts of the documents: the two authentication schemes, and parts of bodies and
 * answers worth a name of their own (one cart item, one fee, an address), so that the
 * generated schemas refer to them instead of repeating them.
 */
import { articleLineSchema, cartItemSchema, feesSchema } from '../domain/requests/checkout.js';
import { orderItemSchema } from '../domain/requests/order.js';
import { oauthErrorSchema } from '../http/envelopes.js';
import { addressSchema, checkoutInitializedSchema, checkoutViewSchema, widgetTokenSchema } from '../routes/answers/checkout.js';
import { orderAddressViewSchema, orderDataSchema, orderItemViewSchema } from '../routes/answers/orders.js';

export const REQUEST_PARTS = { CartItem: cartItemSchema, Fee: articleLineSchema, Fees: feesSchema, OrderItem: orderItemSchema } as const;

export const ANSWER_PARTS = {
  OAuthError: oauthErrorSchema,
  CheckoutView: checkoutViewSchema,
  CheckoutInitialized: checkoutInitializedSchema,
  WidgetToken: widgetTokenSchema,
  CheckoutAddress: addressSchema,
  OrderData: orderDataSchema,
  OrderAddress: orderAddressViewSchema,
  OrderLine: orderItemViewSchema,
} as const;

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A client-credentials token from the auth surface: POST /oauth2/v2.0/token.',
  },
  sharedKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description:
      'SharedKey: "SharedKey " + base64(username + ":" + lowercase hex SHA-256(raw body + path + sharedKey)). `npx checkout-sandbox sign` prints one.',
  },
} as const;
