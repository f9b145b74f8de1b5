/**
 * Test personas for the hosted checkout page: who the customer is decides how the purchase
 * goes, as with the real service's test identities. Scenarios may declare their own
 * (`personas:`); without them the defaults below apply. A persona is recognised by its
 * email address (case-insensitive) when the customer identifies. A persona may also bring a
 * company (for business checkouts) and a delivery choice (for profiles with a delivery module).
 */
import { z } from 'zod';

/** A test persona as a scenario's `personas:` gives it. */
export const personaSchema = z.object({
  name: z.string().min(1),
  email: z.email(),
  mobilePhoneNumber: z.string().min(1),
  postalCode: z.string().min(1),
  /** approved: the purchase completes; rejected: the credit check says no (result Rejected); validationFails: the validation step fails. */
  outcome: z.enum(['approved', 'rejected', 'validationFails']).default('approved'),
  /** Real milliseconds the identification takes, to exercise the merchant page's waiting state. */
  identifyDelayMs: z.number().int().min(0).max(30_000).default(0),
  /** A business persona's company: used on business checkouts (B2B stores), never on private ones. */
  companyName: z.string().min(1).optional(),
  organizationNumber: z.string().min(1).optional(),
  /** The carrier and option the persona picks, when the checkout's delivery module offers them. */
  shipping: z.object({ carrier: z.string().min(1), option: z.string().min(1).optional() }).optional(),
});

export type Persona = z.output<typeof personaSchema>;

export const DEFAULT_PERSONAS: readonly Persona[] = [
  {
    name: 'Approved',
    email: 'approved@example.com',
    mobilePhoneNumber: '+46701234567',
    postalCode: '11122',
    outcome: 'approved',
    identifyDelayMs: 0,
  },
  {
    name: 'Rejected',
    email: 'rejected@example.com',
    mobilePhoneNumber: '+46701234568',
    postalCode: '11123',
    outcome: 'rejected',
    identifyDelayMs: 0,
  },
  {
    name: 'Validation failing',
    email: 'validation-fails@example.com',
    mobilePhoneNumber: '+46701234569',
    postalCode: '11124',
    outcome: 'validationFails',
    identifyDelayMs: 0,
  },
  {
    name: 'Slow identification',
    email: 'slow@example.com',
    mobilePhoneNumber: '+46701234570',
    postalCode: '11125',
    outcome: 'approved',
    identifyDelayMs: 3000,
  },
  {
    name: 'Business customer',
    email: 'company@example.com',
    mobilePhoneNumber: '+46701234571',
    postalCode: '11126',
    outcome: 'approved',
    identifyDelayMs: 0,
    companyName: 'Testföretaget AB',
    organizationNumber: '5591234561',
  },
];

/** Whether the persona is a company's contact person (shown on business checkouts only). */
export function isBusinessPersona(persona: Persona): boolean {
  return persona.companyName !== undefined || persona.organizationNumber !== undefined;
}

/** The persona an email address names, or null: any other customer is approved at once. */
export function personaByEmail(personas: readonly Persona[], email: string | null | undefined): Persona | null {
  if (!email) return null;
  const wanted = email.trim().toLowerCase();
  return personas.find((p) => p.email.toLowerCase() === wanted) ?? null;
}
