/**
 * The checkouts, orders and callback attempts of each env, newest first: one table each, a
 * checkout the customer can still act on linked to its hosted page.
 */
import { api } from './api.js';
import type { CallbackList, CheckoutList, Env, OrderList } from './answers.js';
import { el, one, status } from './page.js';
import { short } from './words.js';

/** A cell: text, or a node (a URL's cell is styled to wrap anywhere). */
type Cell = string | number | null | { node: Node; url?: boolean };

function fillTable(selector: string, env: Env, rows: readonly Cell[][]): void {
  const body = one(`${selector}[data-env="${env}"] tbody`);
  body.textContent = '';
  for (const cells of rows)
    body.appendChild(
      el(
        'tr',
        {},
        cells.map((cell) =>
          cell !== null && typeof cell === 'object'
            ? el('td', cell.url ? { class: 'url' } : {}, [cell.node])
            : el('td', {}, [String(cell ?? '')]),
        ),
      ),
    );
}

/** An empty table says what to do first: the start page (this world's root) shows the first three steps. */
function firstStepsRow(selector: string, env: Env, what: string): void {
  const body = one(`${selector}[data-env="${env}"] tbody`);
  const columns = document.querySelectorAll(`${selector}[data-env="${env}"] thead th`).length;
  const link = el('a', { href: new URL('..', location.href).href, text: 'the start page' });
  body.appendChild(
    el('tr', { class: 'first-steps' }, [
      el('td', { colspan: String(columns) }, [
        `No ${what} yet. First steps (a token, a checkout, a purchase) for this sandbox: `,
        link,
        '.',
      ]),
    ]),
  );
}

export function refreshCheckouts(env: Env): Promise<void> {
  return api<CheckoutList>('GET', `/__admin/${env}/checkouts`).then((body) => {
    if (body.checkouts.length === 0) {
      fillTable('.checkouts', env, []);
      firstStepsRow('.checkouts', env, 'checkouts');
      return;
    }
    fillTable(
      '.checkouts',
      env,
      body.checkouts
        .slice()
        .reverse()
        .map((c) => {
          const link = el('a', { href: c.hostedPage, target: '_blank', rel: 'noopener', text: 'Open' });
          link.appendChild(el('span', { class: 'visually-hidden', text: ` hosted page of checkout ${c.privateId}` }));
          return [
            { node: el('code', { title: c.privateId, text: short(c.privateId) }) },
            { node: status(c.expired ? 'Expired' : c.status) },
            `${c.amountToPay} ${c.currency}${c.purchaseResult ? ` · ${c.purchaseResult}` : ''}`,
            c.reference,
            c.expiresAt,
            c.orderId ? short(c.orderId) : '',
            // Only a checkout the customer can still act on gets a link to its page.
            c.status === 'PurchaseCompleted' || c.status === 'Aborted' || c.expired ? '' : { node: link },
          ];
        }),
    );
  });
}

export function refreshOrders(env: Env): Promise<void> {
  return api<OrderList>('GET', `/__admin/${env}/orders`).then((body) => {
    fillTable(
      '.orders',
      env,
      body.orders
        .slice()
        .reverse()
        .map((o) => [
          { node: el('code', { title: o.orderId, text: short(o.orderId) }) },
          { node: status(o.status) },
          `${o.totalAmount} ${o.currency}`,
          o.paymentMethod,
          o.reference,
          o.placedAt,
        ]),
    );
  });
}

export function refreshCallbacks(env: Env): Promise<void> {
  return api<CallbackList>('GET', `/__admin/${env}/callbacks`).then((body) => {
    fillTable(
      '.callbacks',
      env,
      body.callbacks
        .slice()
        .reverse()
        .map((r) => [
          r.kind,
          short(r.privateId),
          { url: true, node: document.createTextNode(r.url) },
          { node: status(r.state) },
          r.attempts.map((a) => (a.status === null ? 'no answer' : String(a.status))).join(', '),
          r.nextAttemptAt,
        ]),
    );
  });
}
