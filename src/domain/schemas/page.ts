/**
 * The hosted checkout page's own calls (src/surfaces/frontend.ts): what the customer types
 * to identify, and the payment method they pick. The page's paths are the sandbox's; the
 * real iframe's are not public.
 */
import { z } from 'zod';

export const identifySchema = z.object({
  email: z.string().trim().min(3).max(254),
  mobilePhoneNumber: z.string().trim().min(1).max(40),
  postalCode: z.string().trim().min(1).max(20),
});
export const purchaseSchema = z.object({ paymentName: z.string().min(1).max(60) });
