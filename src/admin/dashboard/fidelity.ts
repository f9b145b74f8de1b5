/**
 * The fidelity panel: shown only while `checkout-sandbox record --compare` compares the real
 * service's answers with the sandbox's; each divergence one row, what could not be mapped below.
 */
import { api } from './api.js';
import type { Fidelity } from './answers.js';
import { $, el, one } from './page.js';

/** A value of either side, cut to fit a cell. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '(absent)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

export function refreshFidelity(): Promise<void> {
  return api<Fidelity>('GET', '/__admin/fidelity').then((body) => {
    $('fidelity').hidden = !body.comparing;
    if (!body.comparing) return;
    const r = body.report;
    const plural = (n: number): string => (n === 1 ? '' : 's');
    $('fidelity-summary').textContent =
      `${r.exchanges} exchanges recorded, ${r.replayed} replayed in the shadow sandbox (scenario ${body.scenario}): ` +
      `${r.divergences.length} divergence${plural(r.divergences.length)}, ` +
      `${r.catchUps.length} catch-up${plural(r.catchUps.length)} with what the customer did`;
    const rows = one('#fidelity-divergences tbody');
    rows.textContent = '';
    for (const d of r.divergences)
      rows.appendChild(
        el(
          'tr',
          {},
          [`${d.endpoint} (${d.env} ${d.surface})`, d.kind, d.pointer ?? '', shown(d.real), shown(d.sandbox), String(d.count)].map((cell) =>
            el('td', { text: cell }),
          ),
        ),
      );
    const problems = $('fidelity-problems');
    problems.textContent = '';
    for (const p of body.problems) problems.appendChild(el('li', { role: 'alert', text: p }));
  });
}
