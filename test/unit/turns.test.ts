/** Turns: work under one key runs one at a time in the order handed in; other keys are not held up; a failure does not block the next. */
import { describe, expect, it } from 'vitest';
import { Turns } from '../../src/store/turns.js';

function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('Turns', () => {
  it('starts the next work under a key once the one before has settled, failed or not', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const first = gate();
    const a = turns.run('k', async () => {
      log.push('a starts');
      await first.opened;
      log.push('a ends');
      throw new Error('a failed');
    });
    const b = turns.run('k', async () => {
      log.push('b runs');
      return 'b';
    });
    const other = turns.run('other', async () => {
      log.push('other runs');
      return 'other';
    });
    expect(await other).toBe('other');
    expect(log).toEqual(['a starts', 'other runs']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    expect(await b).toBe('b');
    expect(log).toEqual(['a starts', 'other runs', 'a ends', 'b runs']);
  });

  it('turns a throw before the first await into a rejection', async () => {
    const turns = new Turns();
    const boom = (): Promise<never> => {
      throw new Error('at once');
    };
    await expect(turns.run('k', boom)).rejects.toThrow('at once');
    expect(await turns.run('k', async () => 1)).toBe(1);
  });
});
