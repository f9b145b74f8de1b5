/**
 * The hosted checkout page's own calls (src/surfaces/frontend.ts): what the customer types
 * to identify (on a business checkout also the company they name), the carrier and option
 * the delivery step picks, and the payment method. The page's paths are the sandbox's; the
 * real iframe's are not public.
 */
import { z } from 'zod';

const optionalText = z.string().trim().max(100).optional();

/** Identify: the private fields, and on a business checkout (B2B store) the company's. */
export const identifyStepSchema = z.object({
  email: z.string().trim().min(3).max(254),
  mobilePhoneNumber: z.string().trim().min(1).max(40),
  postalCode: z.string().trim().min(1).max(20),
  organizationNumber: optionalText,
  companyName: optionalText,
  invoiceReference: optionalText,
});
export type PageIdentify = z.infer<typeof identifyStepSchema>;

/** The delivery step: a carrier and one of its options, by id. */
export const deliveryStepSchema = z.object({ carrier: z.string().trim().min(1).max(100), option: z.string().trim().min(1).max(100) });

export const purchaseStepSchema = z.object({ paymentName: z.string().min(1).max(60) });

/** The pay link's go-back button: nothing to say, so no body (an empty one, or `{}`). */
export const goBackSchema = z.strictObject({});
