/**
 * One comparison: a fresh in-process world (createSandbox, state in memory, a frozen clock
 * that follows the recorded times) fed the recorded exchanges in order. For each one:
 * catch up with what happened outside the API, replay the request, learn the ids and tokens
 * the answers pair, compare, and add to the report; for a call the service made to the
 * merchant, compare the world's own call (src/fidelity/outgoing.ts). `diff` runs it over a
 * whole recording (src/fidelity/diff.ts); `record --compare` feeds it as traffic flows
 * (src/fidelity/live.ts).
 */
import { basename } from 'node:path';
import { ENVIRONMENTS } from '../hosts.js';
import { ConnectionRefusedError } from '../http/refuse.js';
import { type Sandbox, createSandbox } from '../sandbox.js';
import { loadScenario } from '../store/scenario.js';
import { CallbackSink, type MerchantResponse } from './callback-sink.js';
import { type CatchUp, CatchUps, type LookAhead } from './catch-up.js';
import { type RecordedResponse, compareResponses } from './compare.js';
import { Credentials } from './credentials.js';
import { FieldClasses } from './fields.js';
import { IdMap } from './ids.js';
import { type MapSpec, WorldDirectory } from './mapping.js';
import { type OperationMatch, type OperationIndex, routeOperations } from './operations.js';
import {
  OUTGOING_GENERATED,
  compareOutgoing,
  isCallFor,
  isOutgoingEndpoint,
  outgoingEndpoint,
  pickCall,
  recordedType,
} from './outgoing.js';
import type { Exchange, RecordedBody } from './recording.js';
import { ReportBuilder } from './report.js';
import { TOKEN_OPERATION, buildRequest } from './request.js';
import { Rules } from './rules.js';

export interface SessionOptions {
  scenario: string;
  maps?: readonly MapSpec[];
  rules?: Rules;
  lookAhead?: LookAhead;
  /** How many of the newest divergences the live view keeps. */
  recentSize?: number;
  /** The recording has webhooks to compare: every merchant's webhooks go to the local sink from the start. */
  webhooks?: boolean;
}

/** The HMAC key the replay's webhooks are signed with (Walley-Signature is compared by its shape). */
const REPLAY_WEBHOOK_KEY = 'checkout-sandbox-replay';

export interface Processed {
  operation: OperationMatch;
  catchUps: CatchUp[];
  /** Why the exchange was not replayed; undefined when it was. */
  skipped?: string;
}

export class FidelitySession {
  readonly ids = new IdMap();
  readonly classes: FieldClasses;
  readonly report: ReportBuilder;
  readonly directory: WorldDirectory;
  readonly operations: OperationIndex;
  private readonly rules: Rules;
  private readonly sink = new CallbackSink();
  private readonly credentials: Credentials;
  private readonly catchUps: CatchUps;
  private webhooksOnSink = false;

  private constructor(
    readonly sandbox: Sandbox,
    options: SessionOptions,
  ) {
    this.rules = options.rules ?? Rules.empty();
    this.report = new ReportBuilder(options.recentSize);
    this.directory = new WorldDirectory(loadScenario(options.scenario, sandbox.scenarioDir));
    this.operations = routeOperations(sandbox.routes);
    this.classes = new FieldClasses((operation) =>
      isOutgoingEndpoint(operation) ? OUTGOING_GENERATED : this.operations.generatedOf(operation),
    );
    this.credentials = new Credentials(sandbox, this.directory);
    this.catchUps = new CatchUps(sandbox, this.credentials, this.ids, options.lookAhead ?? null);
    for (const spec of options.maps ?? []) this.ids.learn(spec.real, spec.sandbox);
  }

  /** A world seeded from the scenario, its clock frozen at `startAt` (the first recorded time). */
  static async open(options: SessionOptions, startAt: string): Promise<FidelitySession> {
    // One journal entry is enough: nobody reads the replay's journal, and it keeps bodies by reference.
    const sandbox = await createSandbox({
      scenario: options.scenario,
      statePath: null,
      now: startAt,
      frozen: true,
      logLevel: 'silent',
      journalSize: 1,
    });
    const session = new FidelitySession(sandbox, options);
    if (options.webhooks) await session.webhooksToSink();
    return session;
  }

  /** The operation an exchange calls; for a call to the merchant, its outgoing endpoint. */
  operationOf(exchange: Exchange): OperationMatch {
    if (exchange.outgoing) return { name: outgoingEndpoint(exchange), params: {}, known: true };
    return this.operations.operationOf(exchange.env, exchange.surface, exchange.method, exchange.path);
  }

  /** How the merchant answered the recording's calls to it, in order: the sink answers the world's calls so. */
  expectCalls(exchanges: readonly Exchange[]): void {
    const answers: MerchantResponse[] = [];
    for (const e of exchanges) {
      if (e.outgoing)
        answers.push({
          kind: e.outgoing,
          method: e.method.toUpperCase(),
          type: e.outgoing === 'webhook' ? recordedType(e) : null,
          status: e.status,
          body: e.answer.body,
        });
    }
    this.sink.expect(answers);
  }

  /** Replays one exchange and compares its response; the report is updated. */
  async process(exchange: Exchange & { file?: string; line?: number }): Promise<Processed> {
    this.report.counted();
    if (exchange.outgoing) return this.processOutgoing(exchange);
    const operation = this.operations.operationOf(exchange.env, exchange.surface, exchange.method, exchange.path);
    const skipped = notReplayable(exchange, operation);
    if (skipped) {
      this.report.skipped(exchange, skipped);
      return { operation, catchUps: [], skipped };
    }
    // The world's clock follows the recording (it never runs backwards: tokens issued stay issued).
    if (Date.parse(exchange.time) > this.sandbox.clock.nowMs()) this.sandbox.clock.set({ now: exchange.time, frozen: true });

    const file = exchange.file === undefined ? undefined : basename(exchange.file);
    const catchUps = (await this.catchUps.before(exchange, operation)).map((c) => (file ? { ...c, file } : c));
    this.report.caughtUp(catchUps);
    let built: Awaited<ReturnType<typeof buildRequest>>;
    let world: RecordedResponse;
    try {
      built = await buildRequest(
        { sandbox: this.sandbox, ids: this.ids, credentials: this.credentials, sink: this.sink },
        exchange,
        operation,
      );
      world = await this.responseOf(built.request);
    } catch (error) {
      // One exchange the world cannot take (a method fetch refuses, TRACE) must not end the whole diff.
      const reason = `the replay could not send it: ${(error as Error).message}`;
      this.report.skipped(exchange, reason);
      return { operation, catchUps, skipped: reason };
    }
    const { clientId } = built;
    const real: RecordedResponse = { status: exchange.status, headers: exchange.answer.headers, body: exchange.answer.body };
    this.learn(exchange, operation, real, world, clientId);
    const where = { endpoint: operation.name, env: exchange.env, surface: exchange.surface };
    if (exchange.setup && real.status === world.status) {
      this.report.replayedOnly();
    } else {
      // A setup exchange is compared by its status alone: one the world refused did not set up what the next exchanges need.
      const divergences = compareResponses({ where, classes: this.classes, rules: this.rules, ids: this.ids }, real, world);
      this.report.add(exchange, operation.name, exchange.setup ? divergences.filter((d) => d.kind === 'status') : divergences);
    }
    return { operation, catchUps };
  }

  /**
   * A call the real service made to the merchant: the world's clock moves to when it was made,
   * the deliveries in flight finish, and of the calls of the same kind the world sent to the
   * sink and no earlier exchange took, the one about the same thing is compared with it.
   */
  private async processOutgoing(exchange: Exchange & { file?: string; line?: number }): Promise<Processed> {
    const operation = this.operationOf(exchange);
    // Live, a recording's first webhook reaches the sink only from here on.
    if (exchange.outgoing === 'webhook' && !this.webhooksOnSink) await this.webhooksToSink();
    if (Date.parse(exchange.time) > this.sandbox.clock.nowMs()) this.sandbox.clock.set({ now: exchange.time, frozen: true });
    // The world's calls to the merchant are made beside its requests: every one due by now first.
    await this.sandbox.deliveries.settled();
    const call = pickCall(
      this.ids,
      exchange,
      this.sink.untaken((c) => isCallFor(exchange, c)),
    );
    if (call) this.sink.take(call);
    if (exchange.setup) {
      this.report.replayedOnly();
    } else {
      const where = { endpoint: operation.name, env: exchange.env, surface: exchange.surface };
      this.report.add(
        exchange,
        operation.name,
        compareOutgoing({ where, classes: this.classes, rules: this.rules, ids: this.ids }, exchange, call),
      );
    }
    return { operation, catchUps: [] };
  }

  /** Every merchant's webhooks go to the sink, signed with the replay's key. */
  private async webhooksToSink(): Promise<void> {
    this.webhooksOnSink = true;
    const webhookUri = await this.sink.webhookUri();
    for (const env of ENVIRONMENTS) {
      for (const merchantId of this.directory.merchantIds(env)) {
        await this.sandbox.services.env(env).merchants.setCallbackUris(merchantId, { webhookUri, webhookHmacKey: REPLAY_WEBHOOK_KEY });
      }
    }
  }

  async close(): Promise<void> {
    await this.sink.close();
    await this.sandbox.close();
  }

  private async responseOf(request: Request): Promise<RecordedResponse> {
    let response: Response;
    try {
      response = await this.sandbox.fetch(request);
    } catch (error) {
      if (error instanceof ConnectionRefusedError) return { status: 'refused', headers: {}, body: null };
      throw error;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, body: bodyOf(await response.text()) };
  }

  /** Ids the two answers pair, the token the world issued in the real one's place. */
  private learn(
    exchange: Exchange,
    operation: OperationMatch,
    real: RecordedResponse,
    world: RecordedResponse,
    clientId: string | undefined,
  ): void {
    const realJson = real.body && 'json' in real.body ? real.body.json : undefined;
    const worldJson = world.body && 'json' in world.body ? world.body.json : undefined;
    if (operation.name === TOKEN_OPERATION && world.status === 200) {
      this.credentials.learnToken(exchange.env, field(realJson, 'access_token'), field(worldJson, 'access_token'), clientId);
    }
    this.ids.learnFromAnswers((pointer) => this.classes.isGenerated(operation.name, pointer), realJson, worldJson);
    this.ids.learnFromLocations(real.headers.location ?? null, world.headers.location ?? null);
  }
}

/** Exchanges the world cannot answer in kind. */
function notReplayable(exchange: Exchange, operation: OperationMatch): string | undefined {
  if (exchange.error)
    return `the upstream failed (${exchange.error.kind}: ${exchange.error.message}): the recorder answered 502, not the service`;
  if (exchange.surface === 'frontend' && !operation.known)
    return "the real hosted checkout page's own calls are not emulated (only the loader scripts are)";
  if (exchange.request.body && 'omitted' in exchange.request.body)
    return `the request body was not recorded (${exchange.request.body.omitted})`;
  return undefined;
}

function bodyOf(text: string): RecordedBody | null {
  if (text === '') return null;
  if (/^\s*[[{]/.test(text)) {
    try {
      return { json: JSON.parse(text) as unknown };
    } catch {
      // Fall through: compared as text.
    }
  }
  return { text };
}

function field(json: unknown, name: string): unknown {
  return json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;
}
