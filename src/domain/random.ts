/**
 * A small seeded random source (mulberry32) for ids, salts and numbers the sandbox makes
 * up: seeding and the simulation are reproducible from the scenario's seed, and it costs
 * nothing at start-up (faker is loaded only for names and addresses).
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return out.slice(0, length);
  }

  digits(length: number): string {
    let out = String(this.int(1, 9));
    while (out.length < length) out += String(this.int(0, 9));
    return out;
  }

  /** A version-4 shaped GUID. */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
