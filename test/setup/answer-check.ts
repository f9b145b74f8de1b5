/**
 * vitest setupFiles: every JSON answer a table's operation gives during a test is checked
 * against the answer its table declares (src/http/answer-check.ts; the variable is set in
 * vitest.config.ts, so spawned servers check too). A test that caused a mismatch fails here,
 * naming the operation, the status and each field that differs from the document.
 */
import { afterEach, expect } from 'vitest';
import { answerMismatches } from '../../src/http/answer-check.js';

afterEach(() => {
  const found = answerMismatches().splice(0);
  expect(found, "answers that do not match their operation's declared answers (the OpenAPI documents)").toEqual([]);
});
