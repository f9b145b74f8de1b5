/**
 * Seeded faker instances, one per use, never the shared singleton, loaded only when
 * something needs a name or an address (seeding customers, the customer simulation):
 * a start on saved state never pays for the import.
 *
 * The English locale entry point loads a fraction of what the full package does (every
 * locale's data). It exports only an instance; its class builds independent instances with their own seed.
 */
import type { Faker, LocaleDefinition } from '@faker-js/faker';

type FakerClass = new (options: { locale: LocaleDefinition }) => Faker;

export async function loadFaker(seed: number): Promise<Faker> {
  const { faker: english } = await import('@faker-js/faker/locale/en');
  const FakerOfLocale = english.constructor as FakerClass;
  const instance = new FakerOfLocale({ locale: english.rawDefinitions });
  instance.seed(seed);
  return instance;
}

/** One faker per owner, loaded on first use. */
export class LazyFaker {
  private loading: Promise<Faker> | null = null;

  constructor(private seed: number) {}

  get(): Promise<Faker> {
    this.loading ??= loadFaker(this.seed);
    return this.loading;
  }

  /** Reseeds (after a reset); the instance is kept if it was loaded. */
  async reseed(seed: number): Promise<void> {
    this.seed = seed;
    if (this.loading) (await this.loading).seed(seed);
  }
}
