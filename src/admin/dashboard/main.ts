/**
 * The dashboard's script (/__admin/ui): the entry the build bundles into the one script the
 * page loads (scripts/build.mjs). It wires the panels, reads everything once, then refreshes
 * what an event from GET /__admin/events says has changed: a `request` event is a row of the
 * requests panel as it stands and makes the migration report be read again; a change in an
 * env refreshes that env's lists; a move of the clock, what depends on the sandbox's now.
 */
import { messageOf } from './api.js';
import type { Env } from './answers.js';
import { refreshClock, refreshRetired, showClock, takeClock, wireClockPanel } from './clock-panel.js';
import { demoFromAddress, onDemoEvent, refreshDemo, wireDemoPanel } from './demo.js';
import { logEvent } from './event-log.js';
import { type StreamEvent, isDemoEvent, isEvent } from './events.js';
import { refreshFidelity } from './fidelity.js';
import { refreshMerchants, wireSecretSection } from './merchants.js';
import { onNamesChanged, refreshHosts } from './names.js';
import { $ } from './page.js';
import { wireProjector } from './projector.js';
import { redrawReport, refreshReport, scheduleReport } from './report.js';
import { addRequest, applyFilter, refreshRequests, wireRequestFilters } from './requests.js';
import { refreshCallbacks, refreshCheckouts, refreshOrders } from './tables.js';
import { withoutWorld } from './without-world.js';

const ENVS: readonly Env[] = ['uat', 'prod'];
const ENV_PARTS = 'merchants, checkouts, orders or callbacks';

function refreshEnv(env: Env): Promise<unknown> {
  return Promise.all([refreshCheckouts(env), refreshOrders(env), refreshCallbacks(env)]).catch(withoutWorld(`env-${env}`, ENV_PARTS));
}

function refreshAll(): Promise<unknown> {
  // Names first, so the requests and the report read as names rather than ids.
  const names = Promise.all([refreshHosts(), ...ENVS.map((env) => refreshMerchants(env).catch(withoutWorld(`env-${env}`, ENV_PARTS)))]);
  return Promise.all([
    refreshClock().catch(withoutWorld('clock', 'clock of its own')),
    refreshRetired().catch(withoutWorld('retired', 'retired host schedule')),
    refreshDemo().catch(withoutWorld('demo', 'world for a demo shop to play in')),
    refreshFidelity(),
    names.then(() => Promise.all([refreshRequests(), refreshReport()])),
    ...ENVS.map(refreshEnv),
  ]);
}

/** Live updates: bursts of events coalesced into one refresh of what they touched. */
const due = new Set<'clock' | 'fidelity' | Env>();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(what: 'clock' | 'fidelity' | Env): void {
  due.add(what);
  if (timer) return;
  timer = setTimeout(() => {
    const todo = [...due];
    due.clear();
    timer = null;
    for (const key of todo) {
      if (key === 'clock') {
        void refreshClock();
        void refreshRetired();
        void refreshReport();
        ENVS.forEach(refreshCheckouts);
      } else if (key === 'fidelity') void refreshFidelity();
      else void refreshEnv(key);
    }
  }, 150);
}

function onEvent(event: StreamEvent): void {
  logEvent(event);
  if (isEvent(event, 'request')) {
    addRequest(event);
    applyFilter();
    scheduleReport();
    // A merchant creating or changing a checkout or an order has no event of its own: a write of theirs that succeeded refreshes the environment's lists.
    const merchantCall = event.surface === 'api' || event.surface === 'legacy' || event.surface === 'retired';
    if (merchantCall && event.env && event.method !== 'GET' && typeof event.status === 'number' && event.status < 300) schedule(event.env);
    return;
  }
  if (isDemoEvent(event)) onDemoEvent(event);
  if (event.type === 'fidelity.compared') schedule('fidelity');
  if (isEvent(event, 'clock.changed')) {
    takeClock({ now: event.now, frozen: event.frozen });
    schedule('clock');
  } else if (event.env) schedule(event.env);
}

wireClockPanel();
wireSecretSection();
wireRequestFilters();
wireDemoPanel();
wireProjector();
onNamesChanged(redrawReport);

const stream = new EventSource('/__admin/events');
let opened = false;
stream.onopen = () => {
  $('live').textContent = 'Live: updates follow the event stream';
  // After a reconnection, what the stream missed is read from the journal.
  if (opened)
    Promise.all([refreshRequests().then(refreshReport), refreshDemo()]).catch(() => {
      /* the next event retries */
    });
  opened = true;
};
stream.onerror = () => {
  $('live').textContent = 'Event stream interrupted; reconnecting…';
};
stream.onmessage = (message: MessageEvent<string>) => onEvent(JSON.parse(message.data) as StreamEvent);
document.body.setAttribute('data-live', 'pending');
stream.addEventListener('open', () => document.body.setAttribute('data-live', 'open'));

setInterval(showClock, 1000);
refreshAll()
  .then(() => demoFromAddress((play) => (opened ? play() : stream.addEventListener('open', play, { once: true }))))
  .catch((error: unknown) => {
    $('live').textContent = `Could not load: ${messageOf(error)}`;
  });
