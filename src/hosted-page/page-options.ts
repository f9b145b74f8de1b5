/**
 * The loader's data-* attributes as the page takes them (the loader passes each one on in the
 * iframe's query under its name without `data-`): the language, the variant, the Complete
 * button's colours and the padding. data-version and data-webview are accepted and change
 * nothing here; data-token is the page's address and data-container-id the loader's own.
 */
import { actionColors } from './colors.js';
import { type PageLanguage, pageLanguage } from './strings.js';

export interface PageOptions {
  lang: PageLanguage;
  variant: 'b2c' | 'b2b';
  /** `#rrggbb`, or null for the page's own. */
  actionColor: string | null;
  /** Black or white, or null for the page's own. */
  actionTextColor: string | null;
  padding: boolean;
  /** The pay link's `showCart=false` hides the cart (https://payments.collectorbank.se/docs/checkout/paylink/getting-started/). */
  showCart: boolean;
}

/** `query(name)` reads one of the iframe's query parameters; `countryCode` is the checkout's ('' when there is none). */
export function pageOptions(query: (name: string) => string | undefined, countryCode: string): PageOptions {
  const colors = actionColors(query('action-color'), query('action-text-color'));
  return {
    lang: pageLanguage(query('lang'), countryCode),
    variant: query('variant')?.trim().toLowerCase() === 'b2b' ? 'b2b' : 'b2c',
    actionColor: colors.action,
    actionTextColor: colors.text,
    padding: query('padding') !== 'none',
    showCart: query('showCart')?.trim().toLowerCase() !== 'false',
  };
}
