/**
 * Under `checkout-sandbox record` the calls on an emulated world (clock, retired host,
 * merchants, checkouts, orders, callbacks) answer 409: a recorder forwards every request and
 * has no world. Such a section says so, once, instead of the page failing to load.
 */
import { AdminCallError } from './api.js';
import { $, el } from './page.js';

/** A rejection handler for a section's reads: a recorder's 409 says so in the section; anything else fails on. */
export function withoutWorld(sectionId: string, what: string): (error: unknown) => void {
  return (error) => {
    if (!(error instanceof AdminCallError) || error.status !== 409) throw error;
    const section = $(sectionId);
    if (section.hasAttribute('data-unavailable')) return;
    section.setAttribute('data-unavailable', 'record');
    for (const child of Array.from(section.children).slice(1)) if (child instanceof HTMLElement) child.hidden = true;
    section.appendChild(
      el('p', {
        class: 'unavailable',
        text: `A recording sandbox (checkout-sandbox record) has no ${what}: it forwards every request to its upstream. The requests, the migration report and the fidelity comparison below are its own.`,
      }),
    );
  };
}
