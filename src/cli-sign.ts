/**
 * `checkout-sandbox sign`: prints a SharedKey header. PLACEHOLDER: the checkout issue.
 */
export async function runSign(_argv: string[]): Promise<number> {
  process.stderr.write('sign: not implemented yet\n');
  return 2;
}
