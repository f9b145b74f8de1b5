/**
 * The records the sandbox keeps, in the service's own vocabulary. Money is always an integer
 * number of minor units (öre, cents); `vat` is a percentage as the API sends it (25 = 25 %).
 * Instants are ISO-8601 strings in sandbox time.
 */

export const SALES_SEGMENTS = ['B2C', 'B2B'] as const;
/** A store sells to private persons (B2C) or to companies (B2B); shops configure one store id per segment. */
export type SalesSegment = (typeof SALES_SEGMENTS)[number];

export const CHECKOUT_STATUSES = ['Initialized', 'CustomerIdentified', 'CommittedToPurchase', 'PurchaseCompleted', 'Aborted'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const PURCHASE_RESULTS = ['Preliminary', 'OnHold', 'Activated', 'Rejected', 'Signing', 'Completed'] as const;
export type PurchaseResult = (typeof PURCHASE_RESULTS)[number];

export const CUSTOMER_TYPES = ['PrivateCustomer', 'BusinessCustomer'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface CartItem {
  id: string;
  description: string;
  unitPrice: number;
  quantity: number;
  vat: number;
  sku?: string;
  unitWeight?: number;
  requiresElectronicId?: boolean;
  type?: string;
}

export interface Fee {
  id: string;
  description: string;
  unitPrice: number;
  vat: number;
}

export interface Fees {
  shipping: Fee | null;
  directInvoiceFee: Fee | null;
}

export interface Address {
  firstName: string | null;
  lastName: string | null;
  coAddress: string | null;
  address: string | null;
  address2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  countryCode: string | null;
}

/** The company of a business checkout (B2B store): what `data.businessCustomer` carries besides the contact person. */
export interface Company {
  companyName: string | null;
  organizationNumber: string | null;
  invoiceReference: string | null;
  invoiceTag: string | null;
}

export interface Customer {
  email: string | null;
  mobilePhoneNumber: string | null;
  nationalIdentificationNumber: string | null;
  deliveryAddress: Address;
  billingAddress: Address;
  /** A business customer's company (absent for private customers and in older state files). */
  company?: Company | null;
}

export interface Purchase {
  amountToPay: number;
  paymentName: string;
  invoiceDeliveryMethod: string;
  purchaseIdentifier: string;
  result: PurchaseResult;
}

export interface Checkout {
  privateId: string;
  publicToken: string;
  merchantId: string;
  storeId: string;
  countryCode: string;
  currency: string;
  status: CheckoutStatus;
  createdAt: string;
  expiresAt: string;
  reference: string | null;
  cart: { items: CartItem[]; shippingProperties: unknown };
  fees: Fees;
  metadata: unknown;
  customerType: CustomerType;
  customer: Customer | null;
  purchase: Purchase | null;
  orderId: string | null;
  merchantTermsUri: string | null;
  notificationUri: string | null;
  redirectPageUri: string | null;
  /** The pay link's go-back address (absent in older state files). */
  checkoutAbortedRedirectPageUri?: string | null;
  validationUri: string | null;
  profileName: string | null;
  customFields: unknown;
  /** Issued by a purchase on a recurring profile (absent in older state files). */
  customerToken?: string | null;
  /** A delivery module's shipping block, sent instead of fees.shipping (absent in older state files). */
  shipping?: DeliveryShipping | null;
  /** The carrier and option the customer chose in the profile's delivery module (absent: none yet). */
  delivery?: DeliveryChoice | null;
  /** When the merchant changed the reference after the purchase, which it may do once (absent or null: not yet). */
  referenceUpdatedAfterPurchaseAt?: string | null;
}

/**
 * The customer's choice in a delivery module the sandbox simulates: a copy of the option as
 * chosen (the scenario may change later), and the shipment the module keeps pending for the shop.
 */
export interface DeliveryChoice {
  provider: string;
  carrierId: string;
  carrierName: string;
  optionId: string;
  optionName: string;
  /** Minor units, VAT included. */
  fee: number;
  vat: number;
  deliveryTime: string | null;
  pendingShipmentId: string;
}

export const ORDER_STATUSES = ['NotActivated', 'PartActivated', 'Activated', 'Cancelled', 'Returned', 'Expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderItem {
  /** The id the shop sent (a cart item's, a fee's): what the checkout's order lines show. */
  id: string;
  description: string;
  unitPrice: number;
  quantity: number;
  vat: number;
  /**
   * The article number order administration shows instead of `id`, where the service names a
   * row itself: the shipping row (src/domain/order.ts, shippingArticleNumber). Either may be
   * sent to capture, refund or reauthorize it. Absent: the article number is `id`.
   */
  articleNumber?: string;
}

/** A capture creates an invoice; a refund creates a credit entry against the order. */
export const INVOICE_TYPES = ['Invoice', 'Credit'] as const;
type InvoiceType = (typeof INVOICE_TYPES)[number];

export interface Invoice {
  invoiceNumber: string;
  type: InvoiceType;
  amount: number;
  items: OrderItem[];
  createdAt: string;
  actionReference: string | null;
  description: string | null;
}

export interface Order {
  orderId: string;
  merchantId: string;
  storeId: string;
  checkoutPrivateId: string | null;
  reference: string | null;
  paymentMethod: string;
  currency: string;
  countryCode: string;
  /** B2B for an order of a business checkout (its customer carries the company). */
  salesSegment: SalesSegment;
  status: OrderStatus;
  placedAt: string;
  expiresAt: string;
  totalAmount: number;
  items: OrderItem[];
  customer: Customer | null;
  invoices: Invoice[];
}

/** A delivery module's shipping block (the M2 MerchantFallback shape), as bound from the request. */
export interface DeliveryShipment {
  /** As sent, for the view (keys and unknown properties kept). */
  sent: Record<string, unknown>;
  id: string | null;
  feeItemId: string | null;
  choiceId: string | null;
  name: string | null;
  /** Minor units; null when the shipment names no fee. */
  fee: number | null;
  vat: number | null;
}

export interface DeliveryShipping {
  provider: string | null;
  /** The fee charged, minor units: shippingFee as sent, else the sum of the shipments' fees. */
  shippingFee: number;
  shipments: DeliveryShipment[];
}
