/**
 * The hosted page's parts for delivery modules and B2B stores: the delivery step of a profile with a delivery module
 * (every carrier's options as radios, the current choice checked; a change is sent at once and
 * fires walleyCheckoutShippingUpdated on the shop's page) and the company fields of a business
 * checkout. Rendered with hono/html, escaped by default.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { shippingPropertiesQuery } from '../domain/delivery-module.js';
import type { Checkout } from '../domain/model.js';
import type { DeliveryModule } from '../domain/merchant.js';
import { toMajor } from '../domain/money.js';
import type { PageLanguage } from './strings.js';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * Hidden until the customer identifies, like the payment step: the module needs the address. The
 * form names the query the module would send its adapter for the cart's shipping properties.
 */
export function deliveryStep(checkout: Checkout, module: DeliveryModule, lang: PageLanguage, shown: boolean): Html {
  const t = lang.t;
  const money = new Intl.NumberFormat(lang.tag, { style: 'currency', currency: checkout.currency });
  const chosen = checkout.delivery;
  const first = module.carriers[0]?.options[0];
  const query = shippingPropertiesQuery(checkout.cart.shippingProperties);
  return html`<form id="delivery" data-provider="${module.provider}"${query ? html` data-shipping-properties="${query}"` : ''} ${shown ? '' : 'hidden'}>
    <fieldset>
      <legend id="delivery-legend" tabindex="-1">${t('delivery')}</legend>
      ${module.carriers.map(
        (carrier) => html`<fieldset class="carrier"><legend>${carrier.name}</legend>
          ${carrier.options.map((option) => {
            const id = `delivery-${carrier.id}-${option.id}`;
            const checked = chosen ? chosen.carrierId === carrier.id && chosen.optionId === option.id : option === first;
            return html`<div class="method"><input type="radio" id="${id}" name="delivery" value="${option.id}" data-carrier="${carrier.id}" ${checked ? 'checked' : ''}><label for="${id}">${option.name} · ${money.format(toMajor(option.fee))}${option.deliveryTime ? ` · ${option.deliveryTime}` : ''}</label></div>`;
          })}
        </fieldset>`,
      )}
    </fieldset>
  </form>`;
}

/** The business checkout's company fields: the organisation number finds the company (blank: the registry's test company). */
export function companyFields(lang: PageLanguage): Html {
  const t = lang.t;
  return html`<label for="organization-number">${t('organizationNumber')}</label>
      <input id="organization-number" name="organizationNumber" inputmode="numeric" autocomplete="off">
      <label for="company-name">${t('companyName')}</label>
      <input id="company-name" name="companyName" autocomplete="organization">
      <label for="invoice-reference">${t('invoiceReference')}</label>
      <input id="invoice-reference" name="invoiceReference" autocomplete="off">`;
}
