/**
 * The token request's form parameters (docs/real-service.md, "Token endpoint requests and answers"), shared with
 * src/identity/token-request.ts (the parameter names it reads) and the OpenAPI document.
 */
import { z } from 'zod';

export const tokenRequestSchema = z
  .object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().optional().meta({ description: 'In the body, or as the user name of HTTP Basic.' }),
    client_secret: z.string().optional().meta({ description: 'In the body, or as the password of HTTP Basic.' }),
    scope: z
      .string()
      .meta({ description: "The environment's resource with /.default, e.g. 705798e0-8cef-427c-ae00-6023deba29af/.default (UAT)." }),
  })
  .meta({ description: 'application/x-www-form-urlencoded or multipart/form-data; a JSON body is read as no parameters, as on Entra.' });
