/**
 * One thing at a time per key: work handed in under a key starts once every earlier work
 * under that key has settled, in the order it was handed in; work under other keys is not
 * held up. The store keeps one per world, so a transition's check and the change it leads to,
 * with whatever they wait for in between (the change log's write, a merchant's validation
 * call), are one step for the record the key names.
 */
export class Turns {
  /** Per key, when the last work handed in has settled: the next one starts then. */
  private readonly last = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.last.get(key);
    const mine = before ? before.then(work) : start(work);
    // The key is forgotten once nothing waits behind this work.
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.last.set(key, settled);
    void settled.then(() => {
      if (this.last.get(key) === settled) this.last.delete(key);
    });
    return mine;
  }
}

/** Runs work now, a throw before its first await becoming the promise's rejection. */
function start<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
