/** The recent events panel: every event of the stream, newest first, the latest forty. */
import type { StreamEvent } from './events.js';
import { $, el } from './page.js';

const KEPT = 40;

export function logEvent(event: StreamEvent): void {
  const log = $('event-log');
  const what = event.type === 'request' ? `${event.method} ${event.surface || ''} ${event.path}` : event.type;
  const outcome = event.status !== undefined && event.status !== null ? ` → ${event.status}` : '';
  log.insertBefore(el('li', { text: `${event.at} ${what}${event.env ? ` ${event.env}` : ''}${outcome}` }), log.firstChild);
  while (log.children.length > KEPT) log.lastElementChild?.remove();
}
