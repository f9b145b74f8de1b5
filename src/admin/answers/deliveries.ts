/** What /__admin/deliveries answers: where the outbox worker stands. */
import { z } from 'zod';

export const deliveryStateSchema = z
  .strictObject({
    settled: z.boolean().meta({ description: 'True when every delivery due by now has been attempted (retries due later do not count).' }),
    due: z.number().int().min(0).meta({ description: 'Attempts due by now and not yet made, one in flight included.' }),
    delivering: z.boolean().meta({ description: 'Whether an attempt is being made right now.' }),
  })
  .meta({ description: "The calls to the shop's endpoints (notifications, webhooks, invoice status), made in the background." });
