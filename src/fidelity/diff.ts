/**
 * `diff` over a whole recording: knowing every exchange up front, it can do what a live
 * comparison cannot: check the store and client mappings before the first request, learn
 * which fields are generated from all real answers, and let a catch-up take the customer and
 * purchase from a later answer (a write refused with Purchase_Completed before the merchant
 * read the checkout again).
 */
import { instant } from '../clock.js';
import { type LookAhead, customerOf } from './catch-up.js';
import { type MapSpec, recordedIds, resolveMappings } from './mapping.js';
import type { OperationMatch } from './operations.js';
import type { LoadedExchange } from './recording.js';
import type { FidelityReport } from './report.js';
import type { Rules } from './rules.js';
import { FidelitySession } from './session.js';

export interface DiffOptions {
  scenario: string;
  maps: readonly MapSpec[];
  rules?: Rules;
}

/** A recording that cannot be replayed as asked (unmapped stores or clients): a usage error. */
export class MappingError extends Error {
  override name = 'MappingError';
}

export async function diffExchanges(exchanges: readonly LoadedExchange[], options: DiffOptions): Promise<FidelityReport> {
  const start = exchanges[0]?.time ?? instant(0).toISOString();
  let operations: OperationMatch[] = [];
  const lookAhead: LookAhead = (privateId, fromSeq) => {
    const from = exchanges.findIndex((e) => e.seq >= fromSeq);
    for (let i = Math.max(from, 0); i < exchanges.length; i++) {
      const exchange = exchanges[i]!;
      if (operations[i]?.params.privateId !== privateId || exchange.method !== 'GET' || exchange.status !== 200) continue;
      const data = dataOf(exchange);
      if (data?.purchase && typeof data.purchase === 'object')
        return { customer: customerOf(data), purchase: data.purchase as Record<string, unknown> };
    }
    return null;
  };
  const webhooks = exchanges.some((e) => e.outgoing === 'webhook');
  const session = await FidelitySession.open(
    { scenario: options.scenario, maps: options.maps, ...(options.rules ? { rules: options.rules } : {}), lookAhead, webhooks },
    start,
  );
  try {
    session.expectCalls(exchanges);
    operations = exchanges.map((e) => session.operationOf(e));
    const paired = exchanges.map((exchange, i) => ({ exchange, operation: operations[i]! }));
    const { pairs, problems } = resolveMappings(recordedIds(paired), session.directory, options.maps);
    if (problems.length) throw new MappingError(problems.join('\n'));
    for (const [real, sandbox] of pairs) session.ids.learn(real, sandbox);
    for (const { exchange, operation } of paired) {
      // What is compared: the answer, or for a call to the merchant what the service sent.
      const body = exchange.outgoing ? exchange.request.body : exchange.answer.body;
      if (body && 'json' in body && !exchange.error) session.classes.observe(operation.name, body.json);
    }
    for (const exchange of exchanges) await session.process(exchange);
    return session.report.build(session.classes.learnedFields());
  } finally {
    await session.close();
  }
}

function dataOf(exchange: LoadedExchange): Record<string, unknown> | null {
  const body = exchange.answer.body;
  const json = body && 'json' in body ? body.json : null;
  const data = json !== null && typeof json === 'object' ? (json as Record<string, unknown>).data : null;
  return data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}
