/**
 * The requests panel: one row per journal entry, newest first, whatever order the list and the
 * stream deliver them in, each entry once, at most as many as the page's table says; filtered
 * by env, host and status class. A row's headers and bodies are fetched when it is opened
 * (./request-detail.ts).
 */
import { api } from './api.js';
import type { Journal, JournalEntry, JournalRow } from './answers.js';
import { SURFACE_NAMES, callerOf, hostNameOf, surfaceName } from './names.js';
import { $, $of, el, field, one } from './page.js';
import { nearMissText, toggleDetail } from './request-detail.js';
import { instant } from './words.js';

const REQUEST_ROWS = Number($('request-log').getAttribute('data-rows'));
/** The journal query for every host the filter names (the page's first paint made the same one). */
const REQUEST_SURFACES = Object.keys(SURFACE_NAMES).join(',');
const shownIds = new Set<number>();

function statusClass(value: JournalRow['status']): string {
  if (typeof value !== 'number') return 'refused';
  return value === 900 ? '900' : `${Math.floor(value / 100)}xx`;
}

/** The date and the time of day, with room to wrap between them on a narrow or enlarged page. */
function whenParts(iso: string): Node[] {
  const t = iso.indexOf('T') + 1;
  return [el('span', { text: iso.slice(0, t) }), el('wbr'), el('span', { text: iso.slice(t) })];
}

interface Filter {
  env: string;
  surface: string;
  status: string;
}

function requestFilter(): Filter {
  const form = $of('request-filters', HTMLFormElement);
  return { env: field(form, 'env'), surface: field(form, 'surface'), status: field(form, 'status') };
}

function matches(row: Element, filter: Filter): boolean {
  return (
    (!filter.env || row.getAttribute('data-env') === filter.env) &&
    (!filter.surface || row.getAttribute('data-surface') === filter.surface) &&
    (!filter.status || row.getAttribute('data-status') === filter.status)
  );
}

export function applyFilter(): void {
  const filter = requestFilter();
  const rows = document.querySelectorAll<HTMLElement>('#request-log tbody tr.request');
  let visibleRows = 0;
  for (const row of rows) {
    const visible = matches(row, filter);
    row.hidden = !visible;
    const detail = row.nextElementSibling;
    if (detail instanceof HTMLElement && detail.classList.contains('detail'))
      detail.hidden = !visible || row.querySelector('button')?.getAttribute('aria-expanded') !== 'true';
    if (visible) visibleRows++;
  }
  $('requests-shown').textContent = rows.length
    ? `${visibleRows} of ${rows.length} shown`
    : 'No requests yet: calls to any host show here as they arrive.';
}

/** Who made the call: the integration; on the hosted page the customer's browser; for a call to the merchant, the sandbox itself. */
function whoText(entry: JournalRow, who: string): string {
  if (entry.direction === 'out') return `the sandbox (${entry.kind})`;
  if (who) return who;
  return entry.surface === 'frontend' ? "the customer's browser" : 'not identified';
}

function requestRow(entry: JournalRow): HTMLTableRowElement {
  const env = entry.env || '';
  const out = entry.direction === 'out';
  const caller = callerOf(env, entry.principal);
  const hostName = out ? entry.host : hostNameOf(env, entry.surface) || entry.host;
  const path = el('td', { class: 'path' }, [el('code', { text: entry.path + (entry.query ? `?${entry.query}` : '') })]);
  for (const miss of entry.nearMisses ?? []) path.appendChild(el('span', { class: 'near-miss', text: nearMissText(miss) }));
  const cls = statusClass(entry.status);
  const outcome = el('td', {}, [el('span', { class: `status s${cls}`, text: entry.status === null ? 'no answer' : String(entry.status) })]);
  if (entry.auth && entry.auth !== 'none' && !/:ok$/.test(entry.auth)) outcome.appendChild(document.createTextNode(` ${entry.auth}`));
  const button = el('button', { type: 'button', 'aria-expanded': 'false', text: 'Details' });
  button.appendChild(el('span', { class: 'visually-hidden', text: ` of request ${entry.id}` }));
  const row = el(
    'tr',
    { class: 'request', 'data-id': String(entry.id), 'data-env': env, 'data-surface': entry.surface || '', 'data-status': cls },
    [
      el('td', { class: 'when' }, whenParts(instant(entry.at))),
      el('td', { text: env.toUpperCase() }),
      el('td', {}, [entry.surface ? surfaceName(entry.surface) : 'no host matched', el('span', { class: 'host-name', text: hostName })]),
      el('td', { text: entry.method }),
      path,
      outcome,
      el('td', {}, [
        whoText(entry, caller.who),
        caller.merchant ? el('span', { class: 'integration-merchant', text: caller.merchant }) : null,
      ]),
      el('td', {}, [button]),
    ],
  );
  button.addEventListener('click', () => toggleDetail(row, button, entry.id));
  return row;
}

/** A row in its place: before the first row of an older entry (details rows skipped). */
function insertRow(body: HTMLElement, row: HTMLTableRowElement, id: number): void {
  let before = body.firstElementChild;
  while (before && (!before.classList.contains('request') || Number(before.getAttribute('data-id')) > id))
    before = before.nextElementSibling;
  body.insertBefore(row, before);
}

/** An entry of the list or of the stream; the control plane's own calls are left out. */
export function addRequest(entry: JournalRow): void {
  if (entry.direction === undefined || entry.surface === 'admin' || shownIds.has(entry.id)) return;
  shownIds.add(entry.id);
  const body = one('#request-log tbody');
  const row = requestRow(entry);
  row.hidden = !matches(row, requestFilter());
  insertRow(body, row, entry.id);
  const rows = body.querySelectorAll('tr.request');
  for (let i = rows.length - 1; i >= REQUEST_ROWS; i--) {
    const old = rows[i];
    if (!old) continue;
    if (old.nextElementSibling?.classList.contains('detail')) body.removeChild(old.nextElementSibling);
    shownIds.delete(Number(old.getAttribute('data-id')));
    body.removeChild(old);
  }
}

export function refreshRequests(): Promise<void> {
  return api<Journal>('GET', `/__admin/requests?surface=${REQUEST_SURFACES}&limit=${REQUEST_ROWS}`).then((body) => {
    body.requests.forEach(addRequest);
    applyFilter();
  });
}

/** An evidence entry in the requests panel: shown (fetched when the panel no longer lists it), scrolled to, its detail open. */
export function showEvidence(id: number): void {
  const existing = document.querySelector<HTMLElement>(`#request-log tr.request[data-id="${id}"]`);
  const ready: Promise<HTMLElement> = existing
    ? Promise.resolve(existing)
    : api<JournalEntry>('GET', `/__admin/requests/${id}`).then((entry) => {
        const row = requestRow(entry);
        shownIds.add(entry.id);
        insertRow(one('#request-log tbody'), row, entry.id);
        return row;
      });
  ready.then(
    (row) => {
      row.hidden = false;
      for (const other of document.querySelectorAll('#request-log tr.evidence-shown')) other.classList.remove('evidence-shown');
      row.classList.add('evidence-shown');
      const button = row.querySelector('button');
      if (button && button.getAttribute('aria-expanded') !== 'true') button.click();
      row.scrollIntoView({ block: 'center' });
    },
    () => {
      $('requests-shown').textContent = `Request ${id} is no longer in the journal (its ring keeps the newest entries only).`;
    },
  );
}

export function wireRequestFilters(): void {
  $('request-filters').addEventListener('change', applyFilter);
  $('request-filters').addEventListener('submit', (event) => event.preventDefault());
}
