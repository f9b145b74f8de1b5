/**
 * The clock panel (the sandbox's now, set, advanced, frozen, back to real time) and the retired
 * host's panel: its state, and the time left until its shutdown on the sandbox clock (or how
 * long it has been shut), worked out in the page every second (./retired-host.ts).
 */
import { api, messageOf } from './api.js';
import type { ClockState, Retirement } from './answers.js';
import { clockFrozen, sandboxNow, takeClockState } from './clock.js';
import { $, $of, status } from './page.js';
import { brownouts, local, wording } from './retired-host.js';
import { span } from './words.js';

let retirement: Retirement | null = null;

function shutdownMs(): number {
  return retirement ? Date.parse(retirement.shutdownAt) : NaN;
}

/** Redrawn every second, and whenever the clock's state arrives. */
export function showClock(): void {
  const ms = sandboxNow();
  $('clock-now').textContent = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  $('clock-local').textContent = local(ms);
  $('clock-mode').textContent = clockFrozen() ? '(frozen)' : '(ticking)';
  $('clock-freeze').textContent = clockFrozen() ? 'Unfreeze' : 'Freeze';
  showTimeLeft();
  showRetired();
}

export function takeClock(state: ClockState): void {
  takeClockState(state);
  showClock();
}

export function refreshClock(): Promise<void> {
  return api<ClockState>('GET', '/__admin/clock').then(takeClock);
}

function showTimeLeft(): void {
  const at = shutdownMs();
  if (isNaN(at)) return;
  const left = at - sandboxNow();
  const box = $('retired-countdown');
  box.parentElement?.classList.toggle('shut', left <= 0);
  box.textContent = left > 0 ? `${span(left)} left until the shutdown` : `Shut for ${span(-left)}`;
}

/** The badge and its sentence, from the schedule and the sandbox's now: each second, so it turns as the clock crosses a boundary. */
function showRetired(): void {
  if (!retirement) return;
  const ms = sandboxNow();
  const said = wording(retirement, ms);
  const state = $('retired-state');
  if (state.getAttribute('data-state') !== said.badge || state.getAttribute('data-text') !== said.text) {
    state.setAttribute('data-state', said.badge);
    state.setAttribute('data-text', said.text);
    state.textContent = '';
    state.appendChild(status(said.badge));
    state.appendChild(document.createTextNode(` ${said.text}`));
  }
  const windows = brownouts(retirement, ms);
  $('retired-brownouts').hidden = windows === null;
  $('retired-brownouts').textContent = windows ?? '';
}

export function refreshRetired(): Promise<void> {
  return api<Retirement>('GET', '/__admin/retirement').then((r) => {
    retirement = r;
    showTimeLeft();
    showRetired();
    $('retired-detail').textContent = `UAT ${r.hosts.uat}, PROD ${r.hosts.prod}.`;
  });
}

/** A move of the clock: its new state shown, the retired host read again; a refusal said in the panel. */
function clockAction(call: Promise<ClockState>): void {
  const problem = $('clock-problem');
  problem.hidden = true;
  call.then(
    (state) => {
      takeClock(state);
      void refreshRetired();
    },
    (error: unknown) => {
      problem.textContent = messageOf(error);
      problem.hidden = false;
    },
  );
}

export function wireClockPanel(): void {
  $('clock-set').addEventListener('submit', (event) => {
    event.preventDefault();
    const body: { frozen: boolean; now?: string } = { frozen: $of('clock-frozen', HTMLInputElement).checked };
    const now = $of('clock-instant', HTMLInputElement).value.trim();
    if (now) body.now = now;
    clockAction(api('PUT', '/__admin/clock', body));
  });
  $('clock-advance').addEventListener('submit', (event) => {
    event.preventDefault();
    clockAction(api('POST', '/__admin/clock/advance', { duration: $of('clock-duration', HTMLInputElement).value.trim() }));
  });
  for (const button of document.querySelectorAll('[data-advance]'))
    button.addEventListener('click', () =>
      clockAction(api('POST', '/__admin/clock/advance', { duration: button.getAttribute('data-advance') })),
    );
  $('clock-freeze').addEventListener('click', () => clockAction(api('PUT', '/__admin/clock', { frozen: !clockFrozen() })));
  $('clock-shutdown').addEventListener('click', () =>
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs()).toISOString() })),
  );
  $('clock-before-shutdown').addEventListener('click', () =>
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs() - 60_000).toISOString() })),
  );
  $('clock-real').addEventListener('click', () => clockAction(api('DELETE', '/__admin/clock')));
}
