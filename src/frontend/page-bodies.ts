/**
 * The hosted page's own calls that issue 18 added or widened (the page's paths are the
 * sandbox's): identify on a business checkout also carries the company the customer names,
 * and the delivery step sends the carrier and option picked.
 */
import { z } from 'zod';
import { identifySchema } from '../domain/schemas/page.js';

const optionalText = z.string().trim().max(100).optional();

/** Identify: the private fields, and on a business checkout (B2B store) the company's. */
export const pageIdentifySchema = identifySchema.extend({
  organizationNumber: optionalText,
  companyName: optionalText,
  invoiceReference: optionalText,
});
export type PageIdentify = z.infer<typeof pageIdentifySchema>;

/** The delivery step: a carrier and one of its options, by id. */
export const pageShippingSchema = z.object({ carrier: z.string().trim().min(1).max(100), option: z.string().trim().min(1).max(100) });
