/**
 * A refusal on its way to the wire: a status, the service's code for it (the first entry's
 * reason), a message that says how to fix the call, the entries of the checkout API's
 * `errors` list, and extra headers. Code below a surface throws one, or a domain `Violation`
 * that the phase's dialect turns into one (src/http/dialect.ts); the dialect renders it in
 * its surface's envelope. `status` may be the checkout API's non-standard 900.
 */
export interface ErrorEntry {
  reason: string;
  message: string;
}

export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ErrorEntry[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** The service's code: the first entry's reason (Resource_Not_Found, Validation_Error, …). */
  get code(): string {
    return this.errors[0]?.reason ?? '';
  }

  static single(status: number, reason: string, message: string, headers: Record<string, string> = {}): Refusal {
    return new Refusal(status, message, [{ reason, message }], headers);
  }
}
