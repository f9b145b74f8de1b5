/**
 * The answer of /__admin/openapi.json and /__admin/openapi/{document}: an OpenAPI 3.1
 * document (src/openapi/document.ts). Its frame is held to a shape here; what the paths and
 * components hold is OpenAPI's own vocabulary (operations, JSON Schemas), which the OpenAPI
 * schema validates (test/http/openapi.test.ts), so it is left open.
 */
import { z } from 'zod';

const openApiObjects = (description: string) => z.record(z.string(), z.record(z.string(), z.unknown())).meta({ description });

export const openApiDocumentSchema = z
  .strictObject({
    openapi: z.literal('3.1.0'),
    info: z.strictObject({ title: z.string().min(1), version: z.string().min(1), description: z.string() }),
    servers: z.array(z.strictObject({ url: z.url(), description: z.string().optional() })).min(1),
    paths: openApiObjects('Path → method → OpenAPI operation.'),
    components: z.strictObject({
      schemas: openApiObjects('Bodies and answers as JSON Schema 2020-12.'),
      responses: openApiObjects('Refusals named once per dialect.'),
      securitySchemes: openApiObjects('bearer and sharedKey.'),
    }),
  })
  .meta({ description: 'An OpenAPI 3.1 document.' });
