/**
 * Names reserved for examples and tests, which no resolver may answer for: the top-level
 * `.example`, `.invalid` and `.test`, and `example.com`, `example.net`, `example.org` with
 * every name under them (RFC 2606; RFC 6761 says how each is to be treated: `.invalid` never
 * resolves, the others carry no guarantee). Docs, tests and scenarios use them for a shop's
 * callback addresses, so the sandbox never looks them up: asking a resolver would send the
 * name off the machine, and at best come back with "not found" after a while. `localhost` is
 * reserved too, but it is the machine itself, so it is called as usual.
 */

const RESERVED_TOP_LEVEL = ['example', 'invalid', 'test'];
const RESERVED_SECOND_LEVEL = ['example.com', 'example.net', 'example.org'];

/** The hostname of a URL (lower case, without a final dot) if it is reserved for examples, else null. */
export function reservedExampleName(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  const labels = name.split('.');
  const top = labels[labels.length - 1] ?? '';
  if (RESERVED_TOP_LEVEL.includes(top)) return name;
  if (RESERVED_SECOND_LEVEL.includes(labels.slice(-2).join('.'))) return name;
  return null;
}

/** Why a call to such a name was not made, as its journal entry and attempt show it. */
export function reservedNameError(name: string): string {
  return (
    `${name} is reserved for examples (RFC 2606, RFC 6761) and never looked up, so nothing was sent. ` +
    'Point the callback at an address the shop listens on (a local one in tests) for it to arrive.'
  );
}
