/**
 * The JSON nesting guard (src/http/body.ts): brackets inside strings and escaped quotes do
 * not count, so real payloads (descriptions like "Tent [2P]") are never refused.
 */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingDepth, parseJson } from '../../src/http/body.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('nestingDepth', () => {
  it.each([
    ['42', 0],
    ['{}', 1],
    ['{"items": [{"id": "a"}]}', 3],
    ['{"description": "Tent [2P] {blue}"}', 1],
    ['{"description": "a \\" [[[ \\\\", "x": [1]}', 2],
    [`${'['.repeat(70)}${']'.repeat(70)}`, 70],
  ])('%s → %i', (text, depth) => {
    expect(nestingDepth(text)).toBe(depth);
  });
});

describe('parseJson depth limit', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, naming the limit`, () => {
    const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(parseJson(bytes(nested(MAX_JSON_DEPTH)))).toMatchObject({ ok: true });
    const refused = parseJson(bytes(nested(MAX_JSON_DEPTH + 1)));
    expect(refused).toEqual({ ok: false, message: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) });
  });
});
