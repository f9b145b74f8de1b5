/**
 * The regression test of the request schemas: every body of test/fixtures/request-schemas.json
 * (clients' spellings, one case per message, the old schema-agreement corpus) and of
 * request-schemas.generated.json (the fuzz suite's hostile values, fixed seed) binds exactly as
 * the hand-written binders the schemas replaced bound it: the same value, key for key and in the
 * same order, or the same problems, word for word and in the same order.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { duplicateArticles } from '../../src/domain/checkout-lines.js';
import {
  checkoutInitSchema,
  checkoutUpdateSchema,
  cartUpdateSchema,
  feesUpdateSchema,
  metadataUpdateSchema,
  paylinkSchema,
  referenceUpdateSchema,
  widgetSchema,
} from '../../src/domain/requests/checkout.js';
import { customerSchema } from '../../src/domain/requests/customer.js';
import { deliveryShippingSchema } from '../../src/domain/requests/delivery.js';
import { actionReferenceSchema, amountCommandSchema } from '../../src/domain/requests/order.js';
import { type Bound, bindBody } from '../../src/domain/requests/problems.js';
import { authorizationFailureSchema, authorizationRequestSchema } from '../../src/domain/requests/tokenization.js';

interface Case {
  case: string;
  body?: unknown;
  ok: boolean;
  value?: unknown;
  problems?: { reason: string; message: string }[];
  /** The binder threw (a 500): String() of a value without a usable toString. */
  threw?: string;
}

/** Read with JSON.parse: an import would turn a body's "__proto__" key into a prototype. */
function fixture(name: string): Record<string, Case[]> {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as Record<string, Case[]>;
}

/** Order administration answers the first problem only. */
function first<T>(bound: Bound<T>): Bound<T> {
  return bound.ok ? bound : { ok: false, problems: bound.problems.slice(0, 1) };
}

/** Each body as its handler binds it. */
const BIND: Record<string, (body: unknown) => Bound<unknown>> = {
  initialize: (body) => {
    const bound = bindBody(checkoutInitSchema, body);
    if (!bound.ok) return bound;
    // The domain rule the initialize handler checks right after binding.
    const duplicates = duplicateArticles(bound.value.cart.items, bound.value.fees);
    return duplicates.length ? { ok: false, problems: duplicates } : bound;
  },
  update: (body) => bindBody(checkoutUpdateSchema, body),
  cart: (body) => bindBody(cartUpdateSchema, body, { at: 'cart' }),
  fees: (body) => bindBody(feesUpdateSchema, body, { at: 'fees' }),
  reference: (body) => bindBody(referenceUpdateSchema, body),
  metadata: (body) => bindBody(metadataUpdateSchema, body),
  paylink: (body) => bindBody(paylinkSchema, body),
  widget: (body) => bindBody(widgetSchema, body),
  amount: (body) => first(bindBody(amountCommandSchema, body)),
  actionReference: (body) => first(bindBody(actionReferenceSchema, body)),
  authorization: (body) => bindBody(authorizationRequestSchema, body),
  authorizationFailure: (body) => bindBody(authorizationFailureSchema, body),
  shipping: (body) => bindBody(deliveryShippingSchema, body, { at: 'shipping' }),
  customer: (body) => bindBody(customerSchema, body),
};

function check(kinds: Record<string, Case[]>): void {
  for (const [kind, bind] of Object.entries(BIND)) {
    describe(kind, () => {
      it.each(kinds[kind]!.map((c) => [c.case, c] as const))('%s', (_name, recordedCase) => {
        const bound = bind(recordedCase.body);
        if (recordedCase.threw !== undefined) {
          // Where the binder threw, the schema reports a problem instead.
          expect(bound.ok).toBe(false);
          return;
        }
        const expected = recordedCase.ok ? { ok: true, value: recordedCase.value } : { ok: false, problems: recordedCase.problems };
        expect(bound).toEqual(expected);
        // Key order too: the bound value is stored and shown as bound.
        expect(JSON.stringify(bound)).toBe(JSON.stringify(expected));
      });
    });
  }
}

describe('request schemas bind as the hand-written binders did', () => check(fixture('request-schemas.json')));
describe('request schemas bind generated bodies as the hand-written binders did', () => check(fixture('request-schemas.generated.json')));
