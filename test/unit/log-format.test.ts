/**
 * Human-readable request lines on a terminal, JSON lines for machines.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../src/clock.js';
import { createLogger, logFormat, prettyStream } from '../../src/log.js';

describe('log format', () => {
  it('is pretty on a TTY, JSON otherwise, and LOG_FORMAT decides when set', () => {
    expect(logFormat(true, {})).toBe('pretty');
    expect(logFormat(false, {})).toBe('json');
    expect(logFormat(undefined, {})).toBe('json');
    expect(logFormat(true, { LOG_FORMAT: 'json' })).toBe('json');
    expect(logFormat(false, { LOG_FORMAT: 'PRETTY' })).toBe('pretty');
  });

  it('is quiet by default: warnings and errors only (the CLI asks for info)', () => {
    const logger = createLogger(new Clock(), { destination: prettyStream(new PassThrough()) });
    expect([logger.isLevelEnabled('info'), logger.isLevelEnabled('warn')]).toEqual([false, true]);
  });

  it('prints a request as one readable line in sandbox time', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const clock = new Clock();
    clock.set({ now: '2026-10-30T22:59:00Z', frozen: true });
    const logger = createLogger(clock, { level: 'info', destination: prettyStream(out) });
    logger.info({ env: 'uat', surface: 'legacy', method: 'PUT', path: '/checkout', status: 200, ms: 1.5 }, 'request');
    logger.warn({ detail: 'kept' }, 'something else');
    for (let i = 0; i < 50 && !text.includes('something else'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(text).toContain('[2026-10-30 22:59:00.000]');
    expect(text).toContain('PUT /checkout → 200 (uat/legacy, 1.5 ms)');
    expect(text).not.toContain('surface:');
    expect(text).toMatch(/something else\n\s+detail: "kept"/);
  });
});
