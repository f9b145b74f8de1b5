/**
 * The snapshot document as a sequence of small strings whose concatenation is exactly
 * `JSON.stringify(doc, null, indent)`: the frame (document, environments, collections) is
 * written here, each row by JSON.stringify on its own. So a large world is serialised a row
 * at a time (the writer yields between chunks) and the file stays byte for byte what it was.
 *
 * Rows are never changed in place (a change puts a new object), so the rows a document
 * refers to can be serialised across ticks while requests go on.
 */

/** How deep the frame goes: objects down to an environment's `records`, arrays one more (a record collection). */
const FRAME_OBJECT_DEPTH = 3;
const FRAME_ARRAY_DEPTH = 4;

export function* snapshotChunks(doc: object, indent: string): Generator<string> {
  yield* chunks(doc, indent, '', 0);
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function* chunks(value: unknown, indent: string, level: string, depth: number): Generator<string> {
  const frame =
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    depth <= (Array.isArray(value) ? FRAME_ARRAY_DEPTH : FRAME_OBJECT_DEPTH);
  if (!frame) {
    const text = JSON.stringify(value, null, indent) ?? 'null';
    // A row's own lines continue at its level of the document.
    yield indent && level ? text.replaceAll('\n', `\n${level}`) : text;
    return;
  }
  const inner = level + indent;
  const open = indent ? '\n' + inner : '';
  const separator = indent ? `,\n${inner}` : ',';
  const colon = indent ? ': ' : ':';
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    yield `[${open}`;
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) yield separator;
      const item: unknown = value[i];
      yield* omitted(item) ? ['null'] : chunks(item, indent, inner, depth + 1);
    }
  } else {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => !omitted(v));
    if (entries.length === 0) return yield '{}';
    yield `{${open}`;
    let first = true;
    for (const [key, item] of entries) {
      yield `${first ? '' : separator}${JSON.stringify(key)}${colon}`;
      first = false;
      yield* chunks(item, indent, inner, depth + 1);
    }
  }
  yield indent ? `\n${level}${Array.isArray(value) ? ']' : '}'}` : Array.isArray(value) ? ']' : '}';
}
