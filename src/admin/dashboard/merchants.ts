/**
 * The merchants panel of each env: stores, SharedKey user and API clients; a form to create an
 * API client (its secret shown once, in its own section) and one to change the webhook signing key.
 */
import { api, messageOf } from './api.js';
import type { ApiClientCreated, Env, Merchant, Merchants } from './answers.js';
import { takeMerchantNames } from './names.js';
import { $, el, field, one } from './page.js';

function storesText(m: Merchant): string {
  const stores = m.stores.map((s) => {
    const profiles = s.profiles?.length ? ` (profiles: ${s.profiles.map((p) => p.name).join(', ')})` : '';
    return `${s.id} ${s.countryCode}/${s.currency} ${s.salesSegment}${profiles}`;
  });
  return `Stores: ${stores.join(', ')} · SharedKey user ${m.sharedKey.username}`;
}

function clientText(c: Merchant['apiClients'][number]): string {
  return `API client ${c.clientId}${c.name ? ` "${c.name}"` : ''}${c.revokedAt ? ' (revoked)' : ''} · ${c.secrets.length} secret(s)`;
}

function alertIn(box: HTMLElement, message: string): void {
  box.insertBefore(el('p', { role: 'alert', text: message }), box.firstChild);
}

function merchantPath(env: Env, m: Merchant, rest: string): string {
  return `/__admin/${env}/merchants/${encodeURIComponent(m.id)}/${rest}`;
}

function merchantCard(env: Env, m: Merchant, box: HTMLElement): HTMLElement {
  const inputId = `new-client-${env}-${m.id}`;
  const form = el('form', { class: 'new-client' }, [
    el('label', { for: inputId, text: 'New API client name' }),
    el('input', { id: inputId, name: 'name', value: 'Dashboard client', autocomplete: 'off' }),
    el('button', { type: 'submit', text: `Create API client for ${m.name}` }),
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    api<ApiClientCreated>('POST', merchantPath(env, m, 'api-clients'), { name: field(form, 'name') }).then(
      (created) => {
        showSecret(env, m, created);
        void refreshMerchants(env);
      },
      (error: unknown) => alertIn(box, messageOf(error)),
    );
  });
  const keyForm = el('form', { class: 'inline' }, [
    el('label', { text: 'Webhook signing key ' }, [
      el('input', { name: 'key', value: m.webhookSigningKey || '', size: '40', 'aria-label': `Webhook signing key of ${m.name}` }),
    ]),
    el('button', { type: 'submit', text: 'Change key' }),
  ]);
  keyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    api('PUT', merchantPath(env, m, 'callbacks'), { webhookHmacKey: field(keyForm, 'key') }).then(
      () => void refreshMerchants(env),
      (error: unknown) => alertIn(box, messageOf(error)),
    );
  });
  return el('div', { class: 'merchant' }, [
    el('strong', { text: `${m.name} (${m.id})` }),
    el('p', { text: storesText(m) }),
    el(
      'ul',
      {},
      m.apiClients.map((c) => el('li', { text: clientText(c) })),
    ),
    form,
    keyForm,
  ]);
}

export function refreshMerchants(env: Env): Promise<void> {
  return api<Merchants>('GET', `/__admin/${env}/merchants`).then((body) => {
    const box = one(`.merchants[data-env="${env}"]`);
    box.textContent = '';
    for (const m of body.merchants) box.appendChild(merchantCard(env, m, box));
    // A client created or renamed since: what shows names (the report's cards) redraws.
    takeMerchantNames(env, body.merchants);
  });
}

/** A new client's secret, shown this once: the sandbox keeps a hash. */
function showSecret(env: Env, merchant: Merchant, created: ApiClientCreated): void {
  const dl = $('secret-detail');
  dl.textContent = '';
  for (const [term, value] of [
    ['Environment', env.toUpperCase()],
    ['Merchant', merchant.name],
    ['client_id', created.clientId],
    ['client_secret', created.clientSecret],
    ['Token endpoint', created.tokenEndpoint],
    ['scope', created.scope],
  ] as const) {
    dl.appendChild(el('dt', { text: term }));
    dl.appendChild(el('dd', { text: value }));
  }
  $('secret').hidden = false;
  $('secret').focus();
}

export function wireSecretSection(): void {
  $('secret-close').addEventListener('click', () => {
    $('secret-detail').textContent = '';
    $('secret').hidden = true;
  });
}
