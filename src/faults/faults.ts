/**
 * Fault injection: the rules of one sandbox world, in memory (control-plane state, never in
 * the state file). The gateway asks `armed` (one boolean) before anything else, so a sandbox
 * without rules pays nothing; with rules it asks `inject()` right before the surface app.
 *
 * Rules are tried in the order they were added. Latency rules delay and let the request go
 * on (to the next rule, then the surface); the first other rule that fires answers instead
 * of the surface. A rule fires when it matches and its bounds allow: within its sandbox-time
 * window, with count left, and, with a probability, when its own seeded draw says so (same
 * seed and same requests: same sequence).
 */
// The decoder alone (a few modules): the rest of jose loads with the keys, on first use.
import { decodeJwt } from 'jose/jwt/decode';
import { parseSharedKeyHeader } from '../domain/sharedkey-signature.js';
import { type Clock, parseInstant } from '../clock.js';
import {
  type FaultOrigin,
  type FaultRule,
  type FaultRuleInput,
  type FaultRules,
  type FaultView,
  faultRuleSchema,
} from '../domain/fault-rule.js';
import { SeededRandom } from '../domain/random.js';
import type { EnvName, SurfaceAddress } from '../hosts.js';
import { routingPath } from '../http/routing.js';
import { type FaultedRequest, type SurfaceDialects, faultResponse, isTokenPath } from './fault-effects.js';
import { pathGlob } from '../domain/path-glob.js';

interface ArmedRule {
  id: string;
  origin: FaultOrigin;
  rule: FaultRule;
  matchesPath: ((path: string) => boolean) | null;
  fromMs: number | null;
  untilMs: number | null;
  random: SeededRandom;
  fired: number;
}

export class FaultSet implements FaultRules {
  private rules: ArmedRule[] = [];
  private nextId = 1;
  /** The hot-path check: false when no rule is listed. */
  armed = false;

  constructor(
    private readonly clock: Pick<Clock, 'nowMs' | 'now'>,
    /** How each surface answers its own errors: an injected answer takes the same shape. */
    private readonly dialects: SurfaceDialects,
  ) {}

  /** Validates again, so an in-process caller (sandbox.faults.add) gets the admin call's checks and normalisation. */
  add(input: FaultRuleInput, origin: FaultOrigin = 'admin'): FaultView {
    const rule = faultRuleSchema.parse(input);
    const armed: ArmedRule = {
      id: `fault-${this.nextId++}`,
      origin,
      rule,
      matchesPath: rule.path ? pathGlob(rule.path) : null,
      fromMs: rule.from ? parseInstant(rule.from)!.getTime() : null,
      untilMs: rule.until ? parseInstant(rule.until)!.getTime() : null,
      random: new SeededRandom(rule.seed ?? 1),
      fired: 0,
    };
    this.rules.push(armed);
    this.armed = true;
    return view(armed);
  }

  list(): FaultView[] {
    return this.rules.map(view);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    this.armed = this.rules.length > 0;
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
    this.armed = false;
  }

  /** At seed and reset: the scenario's rules replace every rule (a reset is a fresh world). */
  load(rules: readonly FaultRuleInput[]): void {
    this.clear();
    for (const rule of rules) this.add(rule, 'scenario');
  }

  /**
   * Whether an identity outage is on for the environment now: a rule with count left within
   * its window (its probability is about which token requests fail, not whether the outage is).
   * While it is, the api surface accepts tokens up to ext_expires_in (src/identity/provider.ts).
   */
  outageActive(env: EnvName): boolean {
    if (!this.armed) return false;
    const now = this.clock.nowMs();
    return this.rules.some((r) => r.rule.effect === 'identity-outage' && (r.rule.env ?? env) === env && hasBudget(r) && inWindow(r, now));
  }

  /** The injected answer for a request about to reach a surface, or null to let it through (after any latency). */
  async inject(request: Request, target: SurfaceAddress, surfacePath: string): Promise<Response | null> {
    const path = routePath(surfacePath);
    const { dialectOf } = this.dialects[target.surface];
    const req: FaultedRequest = {
      env: target.env,
      surface: target.surface,
      // On the path the surface's app routes on (decoded, as Hono does), so the two agree.
      dialect: () => dialectOf(routingPath(request, { env: { surfacePath } })),
      method: request.method.toUpperCase(),
      path,
      headers: request.headers,
      now: this.clock.now(),
    };
    const now = this.clock.nowMs();
    let principal: string | null | undefined;
    for (const armed of [...this.rules]) {
      if (!matches(armed, req)) continue;
      if (armed.rule.principal !== undefined) {
        principal ??= principalOf(request.headers.get('authorization'));
        if (principal !== armed.rule.principal.toLowerCase()) continue;
      }
      if (!hasBudget(armed) || !inWindow(armed, now)) continue;
      if (armed.rule.probability !== undefined && armed.random.next() >= armed.rule.probability) continue;
      armed.fired++;
      if (armed.rule.effect === 'latency') {
        await sleep(latencyOf(armed));
        continue;
      }
      return faultResponse(armed.id, armed.rule, req);
    }
    return null;
  }
}

function view(armed: ArmedRule): FaultView {
  const remaining = armed.rule.count === undefined ? null : Math.max(0, armed.rule.count - armed.fired);
  return { id: armed.id, ...armed.rule, origin: armed.origin, fired: armed.fired, remaining };
}

function hasBudget(armed: ArmedRule): boolean {
  return armed.rule.count === undefined || armed.fired < armed.rule.count;
}

function inWindow(armed: ArmedRule, nowMs: number): boolean {
  return (armed.fromMs === null || nowMs >= armed.fromMs) && (armed.untilMs === null || nowMs < armed.untilMs);
}

/**
 * The request's address against the rule's. The token endpoint is served on the auth and
 * the api surface (one host in reality), so an auth rule hits token requests on either, and
 * an identity outage hits only token requests.
 */
function matches(armed: ArmedRule, req: FaultedRequest): boolean {
  const { rule } = armed;
  if (rule.env !== undefined && rule.env !== req.env) return false;
  const token = (req.surface === 'auth' || req.surface === 'api') && isTokenPath(req.path);
  if (rule.effect === 'identity-outage' && !token) return false;
  if (rule.surface !== undefined && rule.surface !== req.surface && !(rule.surface === 'auth' && token)) return false;
  if (rule.method !== undefined && rule.method !== req.method) return false;
  return armed.matchesPath === null || armed.matchesPath(req.path);
}

/** The path the surface routes on: no query, no trailing slash. */
function routePath(surfacePath: string): string {
  const q = surfacePath.indexOf('?');
  const path = q === -1 ? surfacePath : surfacePath.slice(0, q);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Who is calling, read cheaply from the Authorization header (nothing verified: a fault rule
 * is a test's own setup): the SharedKey username, a bearer token's azp (the client id), or
 * the client id of Basic client authentication on the token endpoint. Lower case.
 */
export function principalOf(header: string | null): string | null {
  if (!header) return null;
  const scheme = header.trim().split(/\s+/)[0]?.toLowerCase();
  if (scheme === 'sharedkey') {
    const parsed = parseSharedKeyHeader(header);
    return parsed.ok ? parsed.username.toLowerCase() : null;
  }
  const value = header
    .trim()
    .slice(scheme?.length ?? 0)
    .trim();
  try {
    if (scheme === 'bearer') {
      const azp = decodeJwt(value).azp;
      return typeof azp === 'string' ? azp.toLowerCase() : null;
    }
    if (scheme === 'basic') {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return colon > 0 ? decodeURIComponent(decoded.slice(0, colon)).toLowerCase() : null;
    }
  } catch {
    // Not a JWT, or a garbled Basic value: no principal.
  }
  return null;
}

function latencyOf(armed: ArmedRule): number {
  const latency = armed.rule.latency ?? 0;
  if (typeof latency === 'number') return latency;
  return armed.random.int(latency.min, latency.max);
}

/** Real time on purpose: latency is what the client's socket feels, not the sandbox clock. */
function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
