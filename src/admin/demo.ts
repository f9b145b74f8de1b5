/**
 * /__admin/demo/migration: plays the migration story (src/admin/demo-story.ts) on this very
 * sandbox, in the background, so the dashboard that is open shows it as it happens: each step
 * is a `demo.step` event on GET /__admin/events (with the readiness items it changed), the
 * shop's calls are requests in the journal, the clock moves are the clock's own events.
 * POST starts it and answers at once; GET reads where it stands (what the CLI follows).
 */
import { z } from 'zod';
import type { ReadinessStatus } from '../domain/readiness/readiness.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { migrationReport } from './report.js';
import { DEMO_ENV, DEMO_MERCHANT, hostOf } from './demo-shop.js';
import { STORY_LENGTH, type StepOutcome, playStory } from './demo-story.js';
import { type DemoRunAnswer, demoRunSchema } from './answers/demo.js';
import { DEFAULT_PAUSE_MS, MAX_PAUSE_MS } from './demo-pace.js';

const startSchema = z
  .object({
    pauseMs: z
      .number()
      .int()
      .min(0)
      .max(MAX_PAUSE_MS)
      .optional()
      .meta({ description: `Real milliseconds between steps (default ${DEFAULT_PAUSE_MS}); 0 plays it at once, as a test would.` }),
  })
  .strict();

type DemoDeps = Pick<AdminDeps, 'clock' | 'services' | 'idle' | 'dispatch' | 'urls' | 'events' | 'journal'>;

const RUN = json('The demo as it stands.', demoRunSchema, 'AdminDemoRun');

/** One run per world: keyed by the world's event bus, as each world has its own. */
const runs = new WeakMap<object, DemoRunAnswer>();

const MERCHANT: DemoRunAnswer['merchant'] = {
  env: DEMO_ENV,
  id: DEMO_MERCHANT.id,
  name: DEMO_MERCHANT.name,
  sharedKeyUsername: DEMO_MERCHANT.sharedKey.username,
  clientId: DEMO_MERCHANT.apiClients[0]!.clientId,
};

const notStarted = (): DemoRunAnswer => ({
  demo: 'migration',
  state: 'not-started',
  of: STORY_LENGTH,
  pauseMs: null,
  startedAt: null,
  finishedAt: null,
  merchant: MERCHANT,
  steps: [],
  error: null,
});

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo shop's merchant, added on the first run; refused when a merchant of the world already holds its id, user or client. */
async function ensureMerchant(deps: DemoDeps): Promise<void> {
  const merchants = deps.services.env(DEMO_ENV).merchants;
  if (merchants.differencesFrom(DEMO_MERCHANT)?.length === 0) return;
  const conflict = merchants.conflictOf(DEMO_MERCHANT);
  if (conflict !== null)
    throw new AdminError(
      409,
      `The demo shop cannot be added: ${conflict} in ${DEMO_ENV.toUpperCase()}. The demo needs merchant ${DEMO_MERCHANT.id}, store ${DEMO_MERCHANT.stores[0]!.id}, SharedKey user ${DEMO_MERCHANT.sharedKey.username} and client ${MERCHANT.clientId} for itself; POST /__admin/reset gives them back.`,
    );
  await merchants.add(DEMO_MERCHANT, deps.clock.iso());
}

/** Each readiness item of the demo shop's integrations, by principal and item id. */
function readinessOf(deps: DemoDeps): Map<string, { title: string; status: ReadinessStatus }> {
  const principals = new Set([MERCHANT.sharedKeyUsername, MERCHANT.clientId]);
  const items = new Map<string, { title: string; status: ReadinessStatus }>();
  for (const p of migrationReport(deps).principals) {
    if (!principals.has(p.principal)) continue;
    for (const item of p.readiness) items.set(`${p.principal} ${item.id}`, { title: item.title, status: item.status });
  }
  return items;
}

async function play(deps: DemoDeps, run: DemoRunAnswer): Promise<void> {
  let before = readinessOf(deps);
  const told = async (outcome: StepOutcome, index: number): Promise<void> => {
    // Deliveries the step made due are done first, so the report reads what the step caused.
    await deps.idle();
    const after = readinessOf(deps);
    const readiness = [...after].flatMap(([key, item]) => {
      const was = before.get(key)?.status ?? null;
      // A first call brings every item in as not seen: only what the traffic showed is news.
      if (was === item.status || (was === null && item.status === 'not-seen')) return [];
      const [principal = '', id = ''] = key.split(' ');
      return [{ principal, item: id, title: item.title, from: was, to: item.status }];
    });
    before = after;
    const step = {
      step: index + 1,
      ...outcome,
      at: deps.clock.iso(),
      host: outcome.surface === null ? null : hostOf(deps.urls, outcome.surface),
      readiness,
    };
    run.steps.push(step);
    deps.events.publish({ type: 'demo.step', demo: 'migration', of: run.of, ...step });
  };
  try {
    await playStory(deps, { pauseMs: run.pauseMs ?? DEFAULT_PAUSE_MS, sleep }, told);
    run.state = 'finished';
  } catch (error) {
    run.state = 'failed';
    run.error = (error as Error).message;
  }
  run.finishedAt = deps.clock.iso();
  deps.events.publish({
    type: 'demo.finished',
    demo: 'migration',
    state: run.state,
    steps: run.steps.length,
    of: run.of,
    error: run.error,
  });
}

export const DEMO_OPERATIONS: readonly AnyOperation<DemoDeps>[] = [
  adminOperation<DemoDeps, z.infer<typeof startSchema>>({
    op: 'startMigrationDemo',
    method: 'POST',
    path: '/__admin/demo/migration',
    summary: 'Play the migration demo on this sandbox',
    description:
      `A demo shop (merchant ${DEMO_MERCHANT.id} in UAT, added on the first run) creates a checkout on the retired host, moves to the legacy host, ` +
      'the clock crosses the shutdown and the retired host starts refusing, then the shop moves to the current API. ' +
      'Answers 202 at once and plays in the background: each step is a demo.step event on GET /__admin/events, demo.finished the last; ' +
      'GET /__admin/demo/migration reads where it stands. The clock is left frozen just after the shutdown (DELETE /__admin/clock returns to real time).',
    body: jsonBody(startSchema, 'AdminDemoStart', { required: false }),
    answers: { '202': RUN, ...refusals(...BODY_REFUSALS, 409, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
        const current = runs.get(deps.events);
        if (current?.state === 'running')
          throw new AdminError(
            409,
            `The migration demo is playing (step ${current.steps.length} of ${current.of} done): GET /__admin/demo/migration follows it; start again once it has finished.`,
          );
        await ensureMerchant(deps);
        const run: DemoRunAnswer = {
          ...notStarted(),
          state: 'running',
          pauseMs: body.pauseMs ?? DEFAULT_PAUSE_MS,
          startedAt: deps.clock.iso(),
        };
        runs.set(deps.events, run);
        deps.events.publish({ type: 'demo.started', demo: 'migration', of: run.of, pauseMs: run.pauseMs });
        void play(deps, run);
        return c.json(run, 202);
      },
  }),
  adminOperation<DemoDeps>({
    op: 'getMigrationDemo',
    method: 'GET',
    path: '/__admin/demo/migration',
    summary: 'Where the migration demo stands',
    description: 'not-started before the first run; running with the steps done so far; finished or failed (with why) after.',
    answers: { '200': RUN, ...refusals() },
    handler: (deps) => (c) => c.json(runs.get(deps.events) ?? notStarted()),
  }),
];
