/**
 * Records what the hand-written binders make of every body of test/support/request-corpus.ts:
 * the bound value or the problems, word for word. Run once, before the binders were replaced
 * by the zod schemas, to write the expectations of test/unit/request-schemas.test.ts:
 *   npx tsx test/support/record-request-goldens.ts
 */
import { writeFileSync } from 'node:fs';
import { bindCartUpdate, bindFeesUpdate, bindInit, bindMetadata, bindPaylink, bindReference, bindUpdate, bindWidget } from '../../src/domain/checkout-binding.js';
import { customerFrom } from '../../src/domain/checkout-customer.js';
import { bindDeliveryShipping } from '../../src/domain/delivery-shipping.js';
import { OrderViolation } from '../../src/domain/order-violation.js';
import { bindAuthorization, bindAuthorizationFailure } from '../../src/routes/authorization-requests.js';
import { bindActionReference, bindAmountCommand } from '../../src/routes/order-requests.js';
import { CORPUS, type Corpus, generatedCorpus } from './request-corpus.js';

interface Problem {
  reason: string;
  message: string;
}
type Outcome = { ok: true; value: unknown } | { ok: false; problems: Problem[] } | { ok: false; threw: string };

/** A binder that threw (String() of an object without a usable toString) answered 500. */
function outcomeOf(kind: string, body: unknown): Outcome {
  try {
    return BINDERS[kind]!(body);
  } catch (error) {
    return { ok: false, threw: (error as Error).message };
  }
}

/** The order administration binders throw their first problem. */
function thrown(bind: (body: unknown) => unknown): (body: unknown) => Outcome {
  return (body) => {
    try {
      return { ok: true, value: bind(body) };
    } catch (error) {
      if (error instanceof OrderViolation && error.code === 'VALIDATION_ERROR') return { ok: false, problems: [{ reason: 'Validation_Error', message: error.message }] };
      throw error;
    }
  };
}

const BINDERS: Record<string, (body: unknown) => Outcome> = {
  initialize: bindInit,
  update: bindUpdate,
  cart: bindCartUpdate,
  fees: bindFeesUpdate,
  reference: bindReference,
  metadata: bindMetadata,
  paylink: bindPaylink,
  widget: bindWidget,
  amount: thrown(bindAmountCommand),
  actionReference: thrown(bindActionReference),
  authorization: bindAuthorization,
  authorizationFailure: bindAuthorizationFailure,
  shipping: (body) => {
    const problems: Problem[] = [];
    const value = bindDeliveryShipping(body, (path, message) => problems.push({ reason: 'Validation_Error', message: `${path}: ${message}` }));
    return problems.length ? { ok: false, problems } : { ok: true, value };
  },
  customer: (body) => ({ ok: true, value: customerFrom(body) }),
};

/** The body as the fixture holds it (JSON drops what JSON cannot say, e.g. -0 and undefined keys). */
function asJson(body: unknown): unknown {
  return body === undefined ? undefined : JSON.parse(JSON.stringify(body));
}

/** One line per field of a case, so the file reads (and diffs) case by case. */
function format(corpus: Corpus): string {
  const kinds = Object.entries(corpus).map(([kind, cases]) => {
    const entries = cases.map(([name, raw]) => {
      const body = asJson(raw);
      const outcome = outcomeOf(kind, body);
      const fields: [string, unknown][] = [['case', name]];
      if (body !== undefined) fields.push(['body', body]);
      fields.push(['ok', outcome.ok]);
      if (outcome.ok && outcome.value !== undefined) fields.push(['value', outcome.value]);
      if ('problems' in outcome) fields.push(['problems', outcome.problems]);
      if ('threw' in outcome) fields.push(['threw', outcome.threw]);
      return `    {\n${fields.map(([key, value]) => `      ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n')}\n    }`;
    });
    return `  ${JSON.stringify(kind)}: [\n${entries.join(',\n')}\n  ]`;
  });
  return `{\n${kinds.join(',\n')}\n}\n`;
}

const fixtures = new URL('../fixtures/', import.meta.url);
writeFileSync(new URL('request-schemas.json', fixtures), format(CORPUS));
writeFileSync(new URL('request-schemas.generated.json', fixtures), format(generatedCorpus(40, 20261123)));
