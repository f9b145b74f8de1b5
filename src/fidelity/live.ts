/**
 * `record --compare`: the same comparison as `diff`, in a shadow world, while traffic flows.
 * The client already has the real answer when an exchange gets here; the shadow world's
 * answer is computed beside it, one exchange at a time in arrival order, and the report and
 * the latest divergences are what GET /__admin/fidelity (and the dashboard) show.
 *
 * Without the whole recording up front it learns as it goes: store and client mappings per
 * exchange, generated fields from the answers seen so far, no look-ahead for catch-ups.
 */
import type { FidelitySource } from '../admin/deps.js';
import { type MapSpec, recordedIds, resolveMappings } from './mapping.js';
import type { Exchange } from './recording.js';
import type { Rules } from './rules.js';
import { loadScenario } from '../store/scenario.js';
import { FidelitySession } from './session.js';

export interface LiveOptions {
  scenario: string;
  maps?: readonly MapSpec[];
  rules?: Rules;
}

/** What is announced after each exchange is compared (the dashboard refreshes on it). */
export interface Compared {
  exchange: number;
  endpoint: string;
  divergences: number;
}

export class LiveComparison implements FidelitySource {
  private session: Promise<FidelitySession> | null = null;
  private opened: FidelitySession | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly problems: string[] = [];
  private listener: ((compared: Compared) => void) | null = null;

  constructor(private readonly options: LiveOptions) {
    // A scenario that does not load stops the recorder at start, not at its first exchange.
    loadScenario(options.scenario);
  }

  /** Queues an exchange for the shadow world; never throws into the recorder. */
  push(exchange: Exchange): void {
    this.queue = this.queue
      .then(() => this.process(exchange))
      .catch((error: unknown) => {
        this.problem(`exchange ${exchange.seq} (${exchange.method} ${exchange.path}) could not be compared: ${(error as Error).message}`);
      });
  }

  /** Called after each exchange is compared (the recorder publishes it on the event stream). */
  onCompared(listener: (compared: Compared) => void): void {
    this.listener = listener;
  }

  /** Resolves once every exchange pushed so far has been compared. */
  idle(): Promise<void> {
    return this.queue;
  }

  snapshot(): Record<string, unknown> {
    return { scenario: this.options.scenario, problems: [...this.problems], ...this.current() };
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.session) await (await this.session).close();
  }

  private current(): Record<string, unknown> {
    if (!this.opened) return { report: { exchanges: 0, replayed: 0, divergences: [], catchUps: [] }, latest: [] };
    return { report: this.opened.report.build(this.opened.classes.learnedFields()), latest: this.opened.report.latest() };
  }

  private async process(exchange: Exchange): Promise<void> {
    this.session ??= FidelitySession.open(
      {
        scenario: this.options.scenario,
        ...(this.options.maps ? { maps: this.options.maps } : {}),
        ...(this.options.rules ? { rules: this.options.rules } : {}),
      },
      exchange.time,
    );
    const session = (this.opened = await this.session);
    const operation = session.operationOf(exchange);
    const { pairs, problems } = resolveMappings(recordedIds([{ exchange, operation }]), session.directory, this.options.maps ?? []);
    for (const [real, sandbox] of pairs) session.ids.learn(real, sandbox);
    for (const problem of problems) this.problem(problem);
    const body = exchange.answer.body;
    if (body && 'json' in body && !exchange.error) session.classes.observe(operation.name, body.json);
    await session.process(exchange);
    this.listener?.({ exchange: exchange.seq, endpoint: operation.name, divergences: session.report.build().divergences.length });
  }

  private problem(text: string): void {
    if (!this.problems.includes(text)) this.problems.push(text);
    if (this.problems.length > 100) this.problems.shift();
  }
}
