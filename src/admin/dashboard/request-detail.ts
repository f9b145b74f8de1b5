/**
 * A journal entry opened in the requests panel: what it matched, how it authenticated, its
 * headers (secrets masked by the journal) and bodies, fetched by id when first opened.
 */
import { api, messageOf } from './api.js';
import type { JournalEntry } from './answers.js';
import { el } from './page.js';

type NearMiss = NonNullable<JournalEntry['nearMisses']>[number];
type Body = JournalEntry['request']['body'];

const NEAR_MISS_NAMES: Readonly<Record<string, string>> = {
  route: 'Closest operation',
  'sharedkey-username': 'Closest username',
  'sharedkey-path': 'Signed instead',
  'sharedkey-signature': 'Signature',
  'bearer-environment': 'Token',
  host: 'Host',
};

export function nearMissText(miss: NearMiss): string {
  return `${NEAR_MISS_NAMES[miss.kind] || miss.kind}: ${miss.closest} (${miss.differs})`;
}

function bodyText(body: Body): string {
  if (!body) return '(none)';
  const text = body.json !== undefined ? JSON.stringify(body.json, null, 2) : body.text;
  return text + (body.truncated ? `\n… (cut at 8 KiB of ${body.bytes} bytes)` : '');
}

function detailOf(entry: JournalEntry): (Node | null)[] {
  const facts: [string, string][] = [
    ['Operation', entry.operation || 'none matched'],
    ['Authentication', entry.auth + (entry.authCause ? `: ${entry.authCause}` : '')],
    ['Host header', entry.host],
    ['Latency', `${entry.latencyMs} ms`],
    ['Machine time', entry.realTime],
  ];
  if (entry.url) facts.push(['URL', entry.url]);
  if (entry.error) facts.push(['Error', entry.error]);
  const dl = el('dl');
  for (const [term, value] of facts) {
    dl.appendChild(el('dt', { text: term }));
    dl.appendChild(el('dd', { text: value }));
  }
  const headers = Object.entries(entry.request.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
  return [
    dl,
    entry.nearMisses
      ? el(
          'ul',
          { class: 'near-misses' },
          entry.nearMisses.map((miss) => el('li', { text: nearMissText(miss) })),
        )
      : null,
    el('h4', { text: 'Request headers (secrets masked)' }),
    el('pre', { class: 'headers', text: headers || '(none kept)' }),
    el('h4', { text: 'Request body' }),
    el('pre', { class: 'request-body', text: bodyText(entry.request.body) }),
    el('h4', { text: 'Response body' }),
    el('pre', { class: 'response-body', text: bodyText(entry.response.body) }),
  ];
}

/** Opens or closes a row's detail; the first opening fetches the entry whole. */
export function toggleDetail(row: HTMLTableRowElement, button: HTMLButtonElement, id: number): void {
  const next = row.nextElementSibling;
  if (next instanceof HTMLElement && next.classList.contains('detail')) {
    const open = button.getAttribute('aria-expanded') === 'true';
    button.setAttribute('aria-expanded', open ? 'false' : 'true');
    next.hidden = open;
    return;
  }
  const cell = el('td', { colspan: '8', text: 'Loading…' });
  const detail = el('tr', { class: 'detail', id: `request-detail-${id}` }, [cell]);
  row.parentNode?.insertBefore(detail, row.nextSibling);
  button.setAttribute('aria-controls', detail.id);
  button.setAttribute('aria-expanded', 'true');
  api<JournalEntry>('GET', `/__admin/requests/${id}`).then(
    (entry) => {
      cell.textContent = '';
      for (const node of detailOf(entry)) if (node) cell.appendChild(node);
    },
    (error: unknown) => {
      cell.textContent = messageOf(error);
    },
  );
}
