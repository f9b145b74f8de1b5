/**
 * The migration story the demo plays, step by step: the demo shop creates a checkout on the
 * retired host, moves to the legacy SharedKey host (only the host name changes), the clock
 * crosses the shutdown and a call left on the old name is refused, then the shop moves to the
 * current API with a bearer token it keeps. Each step is what one real integration would do;
 * the runner (src/admin/demo.ts) paces them and tells the dashboard.
 */
import { instant } from '../clock.js';
import { retirementState } from '../domain/retirement.js';
import type { SurfaceName } from '../hosts.js';
import type { AdminDeps } from './deps.js';
import { persistClock } from './clock.js';
import {
  DEMO_MERCHANT,
  PEGS,
  TENT,
  type ShopAnswer,
  bearerCall,
  checkoutInit,
  dataOf,
  hostOf,
  sharedKeyCall,
  tokenCall,
} from './demo-shop.js';

export type StoryDeps = Pick<AdminDeps, 'clock' | 'services' | 'idle' | 'dispatch' | 'urls'>;

/** What a step did, as the dashboard and the CLI show it. */
export interface StepOutcome {
  title: string;
  detail: string;
  /** The host the shop called (null: a clock move). */
  surface: SurfaceName | null;
  status: number | 'refused' | null;
  /** The integration whose call it was (a SharedKey username or an API client id). */
  principal: string | null;
}

/** What the shop keeps between its calls: the checkouts it made, its token. */
interface Trail {
  privateId: string | null;
  storeId: string;
  token: string | null;
  newId: string | null;
}

/** How the story waits: between steps, and in real time while the ticking clock crosses the shutdown. */
export interface Pace {
  pauseMs: number;
  sleep(ms: number): Promise<void>;
}

type Step = (deps: StoryDeps, trail: Trail, pace: Pace) => Promise<StepOutcome>;

const USER = DEMO_MERCHANT.sharedKey.username;
const CLIENT = DEMO_MERCHANT.apiClients[0]!.clientId;

/** A refusal the story did not expect stops it, saying what the sandbox answered. */
class StoryBroken extends Error {}

function expectOk(answer: ShopAnswer, what: string): void {
  if (answer.status !== 200)
    throw new StoryBroken(`${what} answered ${answer.status}${answer.json ? `: ${JSON.stringify(answer.json).slice(0, 300)}` : ''}`);
}

function checkoutPath(trail: Trail): string {
  return `/merchants/${trail.storeId}/checkouts/${trail.privateId}`;
}

const shutdownMs = (deps: StoryDeps): number => Date.parse(deps.services.settings.current().retirement.shutdownAt);
const shutdownAt = (deps: StoryDeps): string => deps.services.settings.current().retirement.shutdownAt;

/** Before the shutdown, far enough that the retired host's countdown reads in minutes, and frozen, so nothing falls due while the shop works. */
const BEFORE_SHUTDOWN_MS = 15 * 60_000;

const STORY: readonly Step[] = [
  async (deps) => {
    deps.clock.set({ now: instant(shutdownMs(deps) - BEFORE_SHUTDOWN_MS), frozen: true });
    await persistClock(deps);
    return {
      title: 'The clock stops 15 minutes before the shutdown',
      detail: `Sandbox time ${deps.clock.iso()}, frozen; the retired host shuts at ${shutdownAt(deps)}.`,
      surface: null,
      status: null,
      principal: null,
    };
  },
  async (deps, trail) => {
    const answer = await sharedKeyCall(deps, 'retired', 'POST', '/checkout', checkoutInit('DEMO-1001'));
    expectOk(answer, 'POST /checkout on the retired host');
    trail.privateId = dataOf(answer, 'privateId');
    const sunset = answer.headers.get('sunset');
    return {
      title: `The shop creates a checkout on the retired host ${hostOf(deps.urls, 'retired')}`,
      detail: `POST /checkout, SharedKey user ${USER}: 200${sunset ? `, with Deprecation and Sunset: ${sunset}` : ''}.`,
      surface: 'retired',
      status: answer.status,
      principal: USER,
    };
  },
  async (deps, trail) => {
    const answer = await sharedKeyCall(deps, 'legacy', 'GET', checkoutPath(trail));
    expectOk(answer, `GET ${checkoutPath(trail)} on the legacy host`);
    return {
      title: `It moves to the legacy host ${hostOf(deps.urls, 'legacy')}: only the host name changes`,
      detail: `The same path and SharedKey read the same checkout (GET /merchants/${trail.storeId}/checkouts/…): 200.`,
      surface: 'legacy',
      status: answer.status,
      principal: USER,
    };
  },
  async (deps, trail) => {
    const answer = await sharedKeyCall(deps, 'legacy', 'PUT', `${checkoutPath(trail)}/reference`, { Reference: 'DEMO-1001' });
    expectOk(answer, 'PUT …/reference on the legacy host');
    return {
      title: 'It sets the order reference there',
      detail: `PUT /merchants/${trail.storeId}/checkouts/…/reference on the legacy host: 200.`,
      surface: 'legacy',
      status: answer.status,
      principal: USER,
    };
  },
  async (deps, _trail, pace) => {
    // Ticking across, so whoever watches sees the retired host shut on the clock itself, not on a jump.
    const lead = Math.min(pace.pauseMs * 2, 10_000);
    const at = shutdownMs(deps);
    deps.clock.set({ now: instant(at - lead), frozen: lead === 0 });
    await persistClock(deps);
    for (let waited = 0; deps.clock.nowMs() < at && waited < lead + 5000; waited += 50) await pace.sleep(50);
    deps.clock.set({ now: instant(Math.max(at, deps.clock.nowMs())), frozen: true });
    await persistClock(deps);
    const retirement = deps.services.settings.current().retirement;
    const state = retirementState(retirement, deps.clock.nowMs());
    return {
      title: 'The clock crosses the shutdown',
      detail: `Sandbox time ${deps.clock.iso()}: the retired host is ${state.open ? 'still open' : 'shut'}; from now on ${
        retirement.afterShutdown === 'refuse' ? 'it closes every connection unanswered' : 'it answers 410 Host_Retired'
      }.`,
      surface: null,
      status: null,
      principal: null,
    };
  },
  async (deps, trail) => {
    const answer = await sharedKeyCall(deps, 'retired', 'GET', checkoutPath(trail));
    if (answer.status === 200) throw new StoryBroken('the retired host still answered after its shutdown');
    return {
      title: 'A call left on the old host name fails',
      detail: `GET /merchants/${trail.storeId}/checkouts/… on the retired host: ${
        answer.status === 'refused' ? 'the connection is closed with no answer' : `${answer.status}`
      }, as it will be for every shop still calling it.`,
      surface: 'retired',
      status: answer.status,
      principal: USER,
    };
  },
  async (deps, trail) => {
    const answer = await tokenCall(deps);
    expectOk(answer, 'the token request');
    const token = answer.json?.access_token;
    trail.token = typeof token === 'string' ? token : null;
    return {
      title: 'It moves to the current API: a token from the identity provider',
      detail: `POST /oauth2/v2.0/token on ${hostOf(deps.urls, 'auth')} with the API client ${CLIENT}: 200, a bearer token it keeps for its calls.`,
      surface: 'auth',
      status: answer.status,
      principal: CLIENT,
    };
  },
  async (deps, trail) => {
    const answer = await bearerCall(deps, trail.token ?? '', 'GET', `/checkouts/${trail.privateId}`);
    expectOk(answer, 'GET /checkouts/{privateId} on the current API');
    return {
      title: `It reads the same checkout on the current API ${hostOf(deps.urls, 'api')}`,
      detail: 'GET /checkouts/… with the bearer token: 200, the checkout made on the retired host, its reference set on the legacy host.',
      surface: 'api',
      status: answer.status,
      principal: CLIENT,
    };
  },
  async (deps, trail) => {
    const answer = await bearerCall(deps, trail.token ?? '', 'POST', '/checkouts', checkoutInit('DEMO-1002'));
    expectOk(answer, 'POST /checkouts on the current API');
    trail.newId = dataOf(answer, 'privateId');
    return {
      title: 'Its next order starts on the current API',
      detail: 'POST /checkouts with the same token: 200, no new token for a new call.',
      surface: 'api',
      status: answer.status,
      principal: CLIENT,
    };
  },
  async (deps, trail) => {
    const answer = await bearerCall(deps, trail.token ?? '', 'PUT', `/checkouts/${trail.newId}/cart`, { items: [TENT, PEGS] });
    expectOk(answer, 'PUT /checkouts/{privateId}/cart on the current API');
    return {
      title: 'The customer adds tent pegs: the shop sends the new cart only',
      detail: 'PUT /checkouts/…/cart: 200; the fees did not change, so they are not sent again.',
      surface: 'api',
      status: answer.status,
      principal: CLIENT,
    };
  },
];

export const STORY_LENGTH = STORY.length;

/** Runs the story; `told` hears each step as it is done. A broken step throws with what the sandbox answered. */
export async function playStory(deps: StoryDeps, pace: Pace, told: (outcome: StepOutcome, index: number) => Promise<void>): Promise<void> {
  const trail: Trail = { privateId: null, storeId: DEMO_MERCHANT.stores[0]!.id, token: null, newId: null };
  for (const [index, step] of STORY.entries()) {
    if (index > 0) await pace.sleep(pace.pauseMs);
    await told(await step(deps, trail, pace), index);
  }
}
