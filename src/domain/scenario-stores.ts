/**
 * A merchant's stores in a scenario: country, currency, sales segment (B2C or B2B) and the
 * checkout profiles Walley set up for the store, some with a delivery module whose carriers
 * and options the customer chooses from.
 */
import { z } from 'zod';
import { SALES_SEGMENTS } from './model.js';
import { scenarioAmount, storeId } from './scenario-fields.js';

/** A carrier's option in a delivery module; ids default to the name in lower case with dashes. */
const deliveryOptionSchema = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  fee: scenarioAmount,
  vat: z.number().min(0).max(100).default(25),
  deliveryTime: z.string().min(1).nullable().default(null),
});
const carrierSchema = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  options: z.array(deliveryOptionSchema).min(1),
});

/** A checkout profile Walley set up for the store: its name, and optionally a delivery module. */
const profileSchema = z.object({
  name: z.string().trim().min(1),
  deliveryModule: z.object({ provider: z.string().min(1), carriers: z.array(carrierSchema).min(1) }).optional(),
});

/** A store of a scenario's merchant (src/domain/merchant.ts). */
export const storeSchema = z
  .object({
    id: storeId,
    countryCode: z.enum(['SE', 'NO', 'FI', 'DK', 'DE', 'EU']),
    currency: z.enum(['SEK', 'NOK', 'EUR', 'DKK']),
    salesSegment: z.enum(SALES_SEGMENTS).default('B2C'),
    /** Omitted: the sandbox knows no profiles of the store and accepts any profileName. */
    profiles: z.array(profileSchema).optional(),
  })
  .superRefine((store, issues) => {
    // Names and ids must be unique, or a profileName or a customer's choice would be ambiguous.
    const unique = (values: string[], path: PropertyKey[], what: string): void => {
      const seen = new Set<string>();
      values.forEach((value, i) => {
        if (seen.has(value.toLowerCase())) issues.addIssue({ code: 'custom', path: [...path, i], message: `duplicate ${what} ${value}` });
        seen.add(value.toLowerCase());
      });
    };
    store.profiles?.forEach((profile, p) => {
      profile.deliveryModule?.carriers.forEach((carrier, c) =>
        unique(
          carrier.options.map((o) => o.id ?? slug(o.name)),
          ['profiles', p, 'deliveryModule', 'carriers', c, 'options'],
          'option id',
        ),
      );
      unique(
        profile.deliveryModule?.carriers.map((c) => c.id ?? slug(c.name)) ?? [],
        ['profiles', p, 'deliveryModule', 'carriers'],
        'carrier id',
      );
    });
    unique(store.profiles?.map((p) => p.name) ?? [], ['profiles'], 'profile name');
  });

/** "Home delivery" → "home-delivery": the id of a carrier or option that names none. */
export function slug(name: string): string {
  return (
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9åäöæø]+/g, '-')
      .replace(/^-|-$/g, '') || 'option'
  );
}

export type ScenarioStore = z.output<typeof storeSchema>;
