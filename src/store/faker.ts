/**
 * Seeded faker instances, one per use, never the shared singleton.
 *
 * The English locale entry point loads in ~30 ms where the full package takes ~150 ms (all
 * locales), which matters for a sandbox that must be ready in well under a second. It
 * exports only an instance; its class builds independent instances with their own seed.
 */
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

type FakerClass = new (options: { locale: LocaleDefinition }) => Faker;

export function createFaker(seed: number): Faker {
  const FakerOfLocale = english.constructor as FakerClass;
  const instance = new FakerOfLocale({ locale: english.rawDefinitions });
  instance.seed(seed);
  return instance;
}
