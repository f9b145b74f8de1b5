/**
 * Faker's part of a seeding, kept by the build for the shipped scenarios so that a start of
 * `default` neither imports faker (~10 MB) nor runs it (~100 ms of first calls): the pools of
 * names, addresses and products, in the order the seeding filled them. Faker is seeded, so a
 * pool is a function of the seed, the pools filled before it and the generating code; the
 * record applies while that code (dist/fake/*.js, faker's version) is the one that made it,
 * and only as long as the seeding asks for the same pools in the same order (a pool asked for
 * out of turn ends the replay: the seeding then starts over with faker itself).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Faker } from '@faker-js/faker';
import { loadFaker } from '../fake/faker.js';

/** One pool as filled: its name ('SE/B2C', 'items') and what faker gave for it. */
export interface Draw {
  pool: string;
  values: unknown[];
}

/** What the build writes to dist/parsed/draws/<scenario>.json (with the hash of the scenario's text it was made from). */
export interface DrawRecord {
  seed: number;
  /** Hash of the generating code and faker's version (drawsGenerator). */
  generator: string;
  draws: Draw[];
}

/** Where pools come from while seeding: faker itself, or a record of it. */
export interface DrawSource {
  fill<T>(pool: string, make: (faker: Faker) => T[]): T[];
}

/** A pool the record does not have at this point: the seeding starts over with faker. */
export class DrawMiss extends Error {}

export const DRAWS_DIR = fileURLToPath(new URL('../../dist/parsed/draws/', import.meta.url));

/** Faker, seeded; every pool it fills is also kept when `record` is given (the build's use). */
export async function liveDraws(seed: number, record?: Draw[]): Promise<DrawSource> {
  const faker = await loadFaker(seed);
  return {
    fill(pool, make) {
      const values = make(faker);
      record?.push({ pool, values });
      return values;
    },
  };
}

export function replayDraws(record: DrawRecord): DrawSource {
  let next = 0;
  return {
    fill<T>(pool: string) {
      const draw = record.draws[next];
      if (draw?.pool !== pool) throw new DrawMiss(`no recorded pool ${pool} at ${next}`);
      next += 1;
      return draw.values as T[];
    },
  };
}

/**
 * The generating code's identity: dist/fake/{faker,people}.js and faker's version. Null when
 * running from src/ (tests, `npm run dev`), where those files are TypeScript: no record applies.
 * Worked out once per process (the code does not change under it), not per seeding: every
 * isolated sandbox and reset seeds a world.
 */
let generator: string | null | undefined;

export function drawsGenerator(): string | null {
  // Not ??=: null (running from src/) is an answer too, worked out once like a hash.
  if (generator === undefined) generator = hashGenerator();
  return generator;
}

function hashGenerator(): string | null {
  try {
    const fake = fileURLToPath(new URL('../fake/', import.meta.url));
    const version = (createRequire(import.meta.url)('@faker-js/faker/package.json') as { version: string }).version;
    const hash = createHash('sha256').update(`faker ${version}\n`);
    for (const file of ['faker.js', 'people.js']) hash.update(readFileSync(join(fake, file)));
    return hash.digest('hex');
  } catch {
    return null;
  }
}

/** The build's record for a shipped scenario, when it was made for this seed by this code. */
export function recordedDraws(scenario: string, seed: number, dir: string = DRAWS_DIR): DrawRecord | null {
  if (!/^[a-z0-9-]+$/.test(scenario)) return null;
  let record: DrawRecord;
  try {
    record = JSON.parse(readFileSync(join(dir, `${scenario}.json`), 'utf8')) as DrawRecord;
  } catch {
    return null;
  }
  // draws null: the build found nothing JSON could carry exactly.
  return Array.isArray(record.draws) && record.seed === seed && record.generator === drawsGenerator() ? record : null;
}
