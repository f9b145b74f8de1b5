/**
 * The frontend host (src/surfaces/frontend.ts): the loader scripts and the hosted checkout
 * page the loader puts in an iframe. The page's own calls are the sandbox's.
 */
import { identifySchema, purchaseSchema } from '../../domain/schemas/page.js';
import { type RouteDoc, route } from '../operation.js';

const script = { '200': 'Asset' } as const;

export const FRONTEND_ROUTES: RouteDoc[] = [
  route('get', '/walley-checkout-loader.js', { summary: 'The loader script (new, data-version="v2")', responses: script }),
  route('get', '/collector-checkout-loader.js', { summary: 'The loader script (old name; also fires collectorCheckout… events)', responses: script }),
  route('get', '/assets/checkout-page.js', { summary: "The hosted page's script", responses: script }),
  route('get', '/checkout/:publicToken', {
    summary: 'The hosted checkout page of a public token',
    query: { lang: 'sv-SE, en-SE, nb-NO, fi-FI, da-DK, en-DE', variant: 'b2c or b2b', 'action-color': 'hex colour', 'action-text-color': 'hex colour', padding: 'none to drop it' },
    responses: { '200': 'Html', '404': 'Html', '410': 'Html' },
  }),
  route('get', '/checkout/:publicToken/cart', { summary: 'The cart section alone (refreshed on resume())', responses: { '200': 'Html', '4XX': 'PageError' } }),
  route('post', '/checkout/:publicToken/customer', { summary: 'The customer identifies', body: { schema: identifySchema, name: 'PageIdentify' }, responses: { '200': 'PageIdentified', '4XX': 'PageError' } }),
  route('post', '/checkout/:publicToken/purchase', { summary: 'The customer completes the purchase', body: { schema: purchaseSchema, name: 'PagePurchase' }, responses: { '200': 'PagePurchased', '4XX': 'PageError' } }),
];
