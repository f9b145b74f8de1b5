/** A refusal of the hosted page's own calls, answered as {"error": {"status", "message"}} (only the page reads them). */
export class PageError extends Error {
  override name = 'PageError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
