/**
 * The hosted checkout page's words, in the loader's `data-lang` languages (sv-SE, en-SE,
 * nb-NO, fi-FI, da-DK, en-DE). Short strings only; a missing one falls back to English.
 */
export type StringKey =
  | 'title'
  | 'sandboxNote'
  | 'cart'
  | 'item'
  | 'quantity'
  | 'amount'
  | 'shipping'
  | 'total'
  | 'details'
  | 'persona'
  | 'personaNone'
  | 'email'
  | 'phone'
  | 'postalCode'
  | 'organizationNumber'
  | 'companyName'
  | 'invoiceReference'
  | 'delivery'
  | 'continue'
  | 'payment'
  | 'complete'
  | 'identifying'
  | 'identified'
  | 'processing'
  | 'updating'
  | 'thanks'
  | 'rejected'
  | 'validationFailed'
  | 'backToShop'
  | 'expired'
  | 'aborted'
  | 'unknown'
  | 'failed'
  | 'changed'
  | 'reload'
  | 'crm'
  | 'newsletter'
  | 'cardTitle'
  | 'cardNote'
  | 'cardApprove'
  | 'cardCancel'
  | 'paymentAborted'
  | 'DirectInvoice'
  | 'Account'
  | 'PartPayment'
  | 'Card';

type Strings = Record<StringKey, string>;

const en: Strings = {
  title: 'Checkout',
  sandboxNote: 'Sandbox checkout: no real payment is made.',
  cart: 'Your order',
  item: 'Item',
  quantity: 'Qty',
  amount: 'Amount',
  shipping: 'Shipping',
  total: 'Total to pay',
  details: 'Your details',
  persona: 'Test persona',
  personaNone: 'None (enter details)',
  email: 'Email',
  phone: 'Mobile phone',
  postalCode: 'Postal code',
  organizationNumber: 'Organisation number',
  companyName: 'Company name',
  invoiceReference: 'Invoice reference',
  delivery: 'Delivery',
  continue: 'Continue',
  payment: 'Payment method',
  complete: 'Complete purchase',
  identifying: 'Looking you up…',
  identified: 'Details saved. Choose a payment method.',
  processing: 'Completing your purchase…',
  updating: 'The shop is updating your order…',
  thanks: 'Thank you for your purchase',
  rejected: 'Your purchase was not approved',
  validationFailed: 'The shop could not accept the order. Nothing was charged; please try again.',
  backToShop: 'Back to the shop',
  expired: 'This checkout has expired. Please start again from the shop.',
  aborted: 'This checkout was cancelled. Please start again from the shop.',
  unknown: 'There is no checkout for this link.',
  failed: 'Something went wrong',
  changed: 'The shop changed your order while you were here. Reload the checkout to see it as it is now.',
  reload: 'Reload the checkout',
  crm: 'News from the shop',
  newsletter: 'Send me news and offers from the shop',
  cardTitle: 'Card payment',
  cardNote: "Sandbox card window: approve the payment as the customer's bank would, or cancel it.",
  cardApprove: 'Approve the payment',
  cardCancel: 'Cancel the payment',
  paymentAborted: 'The payment was cancelled. Nothing was charged; choose a payment method and try again.',
  DirectInvoice: 'Invoice',
  Account: 'Account',
  PartPayment: 'Part payment',
  Card: 'Card',
};

const sv: Partial<Strings> = {
  title: 'Kassa',
  sandboxNote: 'Sandlådans kassa: ingen riktig betalning görs.',
  cart: 'Din beställning',
  item: 'Artikel',
  quantity: 'Antal',
  amount: 'Belopp',
  shipping: 'Frakt',
  total: 'Att betala',
  details: 'Dina uppgifter',
  persona: 'Testperson',
  personaNone: 'Ingen (fyll i själv)',
  email: 'E-post',
  phone: 'Mobilnummer',
  postalCode: 'Postnummer',
  organizationNumber: 'Organisationsnummer',
  companyName: 'Företagsnamn',
  invoiceReference: 'Fakturareferens',
  delivery: 'Leverans',
  continue: 'Fortsätt',
  payment: 'Betalsätt',
  complete: 'Slutför köp',
  identifying: 'Hämtar dina uppgifter…',
  identified: 'Uppgifterna sparade. Välj betalsätt.',
  processing: 'Slutför ditt köp…',
  updating: 'Butiken uppdaterar din beställning…',
  thanks: 'Tack för ditt köp',
  rejected: 'Ditt köp godkändes inte',
  validationFailed: 'Butiken kunde inte ta emot ordern. Inget har dragits; försök igen.',
  backToShop: 'Tillbaka till butiken',
  expired: 'Kassan har gått ut. Börja om från butiken.',
  aborted: 'Kassan avbröts. Börja om från butiken.',
  unknown: 'Det finns ingen kassa för den här länken.',
  failed: 'Något gick fel',
  changed: 'Butiken ändrade din beställning medan du var här. Ladda om kassan för att se den som den är nu.',
  reload: 'Ladda om kassan',
  crm: 'Nyheter från butiken',
  newsletter: 'Skicka mig nyheter och erbjudanden från butiken',
  cardTitle: 'Kortbetalning',
  cardApprove: 'Godkänn betalningen',
  cardCancel: 'Avbryt betalningen',
  paymentAborted: 'Betalningen avbröts. Inget har dragits; välj betalsätt och försök igen.',
  DirectInvoice: 'Faktura',
  Account: 'Konto',
  PartPayment: 'Delbetalning',
  Card: 'Kort',
};

const nb: Partial<Strings> = {
  title: 'Kasse',
  cart: 'Din bestilling',
  item: 'Vare',
  quantity: 'Antall',
  amount: 'Beløp',
  shipping: 'Frakt',
  total: 'Å betale',
  details: 'Dine opplysninger',
  email: 'E-post',
  phone: 'Mobilnummer',
  postalCode: 'Postnummer',
  continue: 'Fortsett',
  payment: 'Betalingsmåte',
  complete: 'Fullfør kjøpet',
  thanks: 'Takk for kjøpet',
  rejected: 'Kjøpet ble ikke godkjent',
  backToShop: 'Tilbake til butikken',
  DirectInvoice: 'Faktura',
  Account: 'Konto',
  PartPayment: 'Delbetaling',
  Card: 'Kort',
};

const da: Partial<Strings> = {
  title: 'Kasse',
  cart: 'Din ordre',
  item: 'Vare',
  quantity: 'Antal',
  amount: 'Beløb',
  shipping: 'Fragt',
  total: 'At betale',
  details: 'Dine oplysninger',
  email: 'E-mail',
  phone: 'Mobilnummer',
  postalCode: 'Postnummer',
  continue: 'Fortsæt',
  payment: 'Betalingsmetode',
  complete: 'Gennemfør køb',
  thanks: 'Tak for dit køb',
  rejected: 'Dit køb blev ikke godkendt',
  backToShop: 'Tilbage til butikken',
  DirectInvoice: 'Faktura',
  Account: 'Konto',
  PartPayment: 'Delbetaling',
  Card: 'Kort',
};

const fi: Partial<Strings> = {
  title: 'Kassa',
  cart: 'Tilauksesi',
  item: 'Tuote',
  quantity: 'Määrä',
  amount: 'Summa',
  shipping: 'Toimitus',
  total: 'Maksettavaa',
  details: 'Tietosi',
  email: 'Sähköposti',
  phone: 'Matkapuhelin',
  postalCode: 'Postinumero',
  continue: 'Jatka',
  payment: 'Maksutapa',
  complete: 'Vahvista osto',
  thanks: 'Kiitos ostoksestasi',
  rejected: 'Ostoasi ei hyväksytty',
  backToShop: 'Takaisin kauppaan',
  DirectInvoice: 'Lasku',
  Account: 'Tili',
  PartPayment: 'Osamaksu',
  Card: 'Kortti',
};

const BY_LANGUAGE: Record<string, Partial<Strings>> = { en, sv, nb, no: nb, da, fi };

export interface PageLanguage {
  /** BCP 47 tag for <html lang>, e.g. sv-SE. */
  tag: string;
  t(key: StringKey): string;
}

/**
 * data-lang (sv-SE, en-DE, …) → the page's language. A tag whose country part is not the
 * checkout's country is ignored, as is one without a country part or of another form: the
 * page then speaks the country's own language (English for Germany, or when the country is
 * unknown). With no checkout (an unknown token) any well-formed tag is taken.
 */
export function pageLanguage(dataLang: string | undefined, countryCode: string): PageLanguage {
  const fallbackByCountry: Record<string, string> = { SE: 'sv-SE', NO: 'nb-NO', FI: 'fi-FI', DK: 'da-DK', DE: 'en-DE' };
  const given =
    dataLang && /^[a-z]{2}-[A-Z]{2}$/.test(dataLang) && (!countryCode || dataLang.endsWith(`-${countryCode}`)) ? dataLang : null;
  const tag = given ?? fallbackByCountry[countryCode] ?? 'en-SE';
  const chosen = BY_LANGUAGE[tag.slice(0, 2)] ?? en;
  return { tag, t: (key) => chosen[key] ?? en[key] };
}
