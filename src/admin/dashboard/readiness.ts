/**
 * Go-live readiness on an integration's card: each item met, not met (its evidence a click away
 * in the requests panel) or not seen (how to exercise it, on hover).
 */
import type { PrincipalReport, ReadinessResult } from './answers.js';
import { el } from './page.js';
import { showEvidence } from './requests.js';

export const READINESS_WORDS: Readonly<Record<ReadinessResult['status'], string>> = {
  met: 'met',
  'not-met': 'not met',
  'not-seen': 'not seen',
};

function evidenceOf(item: ReadinessResult): HTMLElement | null {
  if (item.status !== 'not-met' || !item.evidence.length) return null;
  const links = item.evidence.map((id) => {
    const link = el('button', {
      type: 'button',
      class: 'evidence-link',
      'data-entry': String(id),
      'aria-label': `Show request ${id} in the requests panel`,
      text: `#${id}`,
    });
    link.addEventListener('click', () => showEvidence(id));
    return link;
  });
  return el('span', { class: 'evidence' }, ['Evidence: ', ...links]);
}

/** Not seen: one line, how to exercise it on hover; not met: what was seen, what to change, the evidence. */
function itemOf(item: ReadinessResult): HTMLElement {
  return el(
    'li',
    {
      class: `readiness-item ${item.status}`,
      'data-item': item.id,
      'data-status': item.status,
      title: item.status === 'not-seen' ? `${item.detail} ${item.advice}` : '',
    },
    [
      el('span', { class: `readiness-status ${item.status}`, text: READINESS_WORDS[item.status] }),
      el('span', { class: 'readiness-title', text: item.title }),
      el('a', { class: 'readiness-source', href: item.source, target: '_blank', rel: 'noopener', text: 'why' }),
      item.status === 'not-met' ? el('span', { class: 'readiness-detail', text: `${item.detail} ${item.advice}` }) : null,
      evidenceOf(item),
    ],
  );
}

export function readinessOf(p: PrincipalReport): HTMLElement | null {
  if (!p.readiness.length) return null;
  const tally = (status: ReadinessResult['status']): number => p.readiness.filter((item) => item.status === status).length;
  return el('section', { class: 'readiness', 'aria-label': 'Go-live readiness' }, [
    el('h4', {
      class: 'readiness-summary',
      text: `Go-live readiness: ${tally('met')} met, ${tally('not-met')} not met, ${tally('not-seen')} not seen`,
    }),
    el('ul', { class: 'readiness-items' }, p.readiness.map(itemOf)),
  ]);
}
