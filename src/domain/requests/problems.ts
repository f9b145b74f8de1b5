/**
 * What binding a request body reports: one Problem per thing wrong, worded as the service words
 * it. The schemas complain from inside the parse (a text, and how it joins the place it is
 * about); bindBody turns zod's issues into problems, writing the place as clients read it
 * (cart.items[0].unitPrice). The checkout API answers every problem as a Validation_Error,
 * order administration the first one.
 */
import { z } from 'zod';

export interface Problem {
  reason: string;
  message: string;
}

export type Bound<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/**
 * How a complaint's text joins the place it is about:
 *   labelled  "cart.items[0].id: The Id field is required …" (the checkout API's wording)
 *   phrase    "items[0].quantity must be a whole number above 0 …" (order administration, recurring)
 *   whole     the text alone, which names its subject ("The body must be a JSON object …")
 */
type Wording = 'labelled' | 'phrase' | 'whole';

export interface Complaint {
  text: string;
  wording: Wording;
  /** Below the value complained about, e.g. [2, 'shippingChoice', 'fee'] of a list of shipments. */
  at?: (string | number)[];
}

export const labelled = (text: string, at?: (string | number)[]): Complaint => ({ text, wording: 'labelled', at });
export const phrase = (text: string, at?: (string | number)[]): Complaint => ({ text, wording: 'phrase', at });
export const whole = (text: string): Complaint => ({ text, wording: 'whole' });

/**
 * Adds the complaint to the parse. It does not stop the parse (`continue`): the other fields are
 * still read, so a client sees everything wrong in one answer, as the real API lists it.
 */
export function complain(ctx: z.core.$RefinementCtx, complaint: Complaint): never {
  ctx.addIssue({
    code: 'custom',
    message: complaint.text,
    path: complaint.at ?? [],
    params: { wording: complaint.wording },
    continue: true,
  });
  return z.NEVER;
}

export interface BindOptions {
  /** Where the body sits in the paths of its problems: `cart` for PUT …/cart, whose body is a cart. */
  at?: string;
}

/** The body read by `schema`: the bound value, or every problem in the order the schema met them. */
export function bindBody<S extends z.ZodType>(schema: S, json: unknown, options: BindOptions = {}): Bound<z.output<S>> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => problemOf(issue, options.at)) };
}

function problemOf(issue: z.core.$ZodIssue, root: string | undefined): Problem {
  const path = root === undefined ? issue.path : [root, ...issue.path];
  // A complaint about the body itself is about "body"; zod's own issues (none are expected) read as labelled.
  const where = pathText(path) || 'body';
  const wording: unknown = issue.code === 'custom' ? issue.params?.wording : undefined;
  if (wording === 'whole') return { reason: 'Validation_Error', message: issue.message };
  return { reason: 'Validation_Error', message: wording === 'phrase' ? `${where} ${issue.message}` : `${where}: ${issue.message}` };
}

/** ['cart', 'items', 0, 'id'] → cart.items[0].id */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    '',
  );
}
