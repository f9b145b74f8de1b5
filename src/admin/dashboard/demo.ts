/**
 * The migration demo panel (POST /__admin/demo/migration): played by the sandbox, told here step
 * by step from its demo.* events; the other panels follow the shop's calls as they always do.
 * Opened as /__admin/ui?demo=migration (the start page's link), the page plays it at once.
 */
import { api, messageOf } from './api.js';
import type { DemoRun, DemoStep } from './answers.js';
import type { DemoEvent } from './events.js';
import { $, $of, el } from './page.js';
import { READINESS_WORDS } from './readiness.js';
import { when } from './retired-host.js';
import { count, instant } from './words.js';

let merchant: DemoRun['merchant'] | null = null;
/** When this page's button was clicked: the finished line says how long the demo took. */
let clickedAt: number | null = null;

function demoWho(principal: string): string {
  return merchant && principal === merchant.sharedKeyUsername ? `SharedKey user ${principal}` : `API client ${principal}`;
}

function demoStep(step: DemoStep): HTMLElement {
  const changes = step.readiness.map((r) =>
    el('li', {
      class: `demo-readiness ${r.to}`,
      text: `${demoWho(r.principal)}: ${r.item} ${r.from ? `${READINESS_WORDS[r.from]} → ` : ''}${READINESS_WORDS[r.to]}`,
    }),
  );
  return el('li', { class: 'demo-step', 'data-step': String(step.step) }, [
    el('strong', { text: step.title }),
    el('span', { class: 'demo-detail', text: ` ${step.detail}` }),
    el('span', { class: 'demo-at', text: ` (sandbox time ${instant(step.at)}, ${when(step.at)})` }),
    changes.length ? el('ul', { class: 'demo-changes', 'aria-label': 'Readiness items this step changed' }, changes) : null,
  ]);
}

function showDemoState(state: DemoRun['state'], text: string): void {
  $('demo').setAttribute('data-state', state);
  $('demo-state').textContent = text;
  $of('demo-play', HTMLButtonElement).disabled = state === 'running';
}

/** Each step once, in order, whether it came as an event or in a read of the run. */
function addDemoStep(step: DemoStep): void {
  if (document.querySelector(`#demo-steps li[data-step="${step.step}"]`)) return;
  const list = $('demo-steps');
  let before = list.firstElementChild;
  while (before && Number(before.getAttribute('data-step')) < step.step) before = before.nextElementSibling;
  list.insertBefore(demoStep(step), before);
}

function showDemo(run: DemoRun): void {
  merchant = run.merchant;
  run.steps.forEach(addDemoStep);
  if (run.state === 'running') showDemoState('running', `Playing: step ${run.steps.length} of ${run.of} done…`);
  else if (run.state === 'finished') showDemoState('finished', `Finished: ${count(run.steps.length, 'step')}.`);
  else if (run.state === 'failed') showDemoState('failed', `Stopped at step ${run.steps.length + 1}: ${run.error}`);
  else showDemoState('not-started', '');
}

export function refreshDemo(): Promise<void> {
  return api<DemoRun>('GET', '/__admin/demo/migration').then(showDemo);
}

function playDemo(): void {
  clickedAt = performance.now();
  $('demo-steps').textContent = '';
  showDemoState('running', 'Starting…');
  // The steps come as events, some before this answer: it only names the shop.
  api<DemoRun>('POST', '/__admin/demo/migration', {}).then(
    (run) => {
      merchant = run.merchant;
    },
    (error: unknown) => showDemoState('failed', messageOf(error)),
  );
}

export function wireDemoPanel(): void {
  $('demo-play').addEventListener('click', playDemo);
}

export function onDemoEvent(event: DemoEvent): void {
  if (event.type === 'demo.started') {
    $('demo-steps').textContent = '';
    showDemoState('running', `Playing: step 0 of ${event.of} done…`);
  } else if (event.type === 'demo.step') {
    addDemoStep(event);
    showDemoState('running', `Playing: step ${event.step} of ${event.of} done…`);
  } else {
    const took = clickedAt === null ? '' : ` in ${((performance.now() - clickedAt) / 1000).toFixed(1)} s`;
    clickedAt = null;
    if (event.state === 'finished') showDemoState('finished', `Finished: ${count(event.steps, 'step')}${took}.`);
    else showDemoState('failed', `Stopped at step ${event.steps + 1}: ${event.error}`);
  }
}

/**
 * ?demo=migration: the demo panel in view, and the demo played (the address then forgets it, so
 * a reload does not play it again). Its steps come as events: played once the stream is open
 * (`whenStreamOpen`), so none is missed.
 */
export function demoFromAddress(whenStreamOpen: (play: () => void) => void): void {
  const query = new URLSearchParams(location.search);
  if (query.get('demo') !== 'migration') return;
  query.delete('demo');
  const rest = query.toString();
  window.history.replaceState(null, '', location.pathname + (rest ? `?${rest.replace(/=(&|$)/g, '$1')}` : ''));
  $('demo').scrollIntoView({ block: 'start' });
  if ($('demo').getAttribute('data-state') === 'running') return;
  whenStreamOpen(playDemo);
}
