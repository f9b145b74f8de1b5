/**
 * The answers of /__admin/demo/migration: the demo's run as it stands, step by step.
 */
import { z } from 'zod';
import { SURFACES } from '../../hosts.js';
import { envSchema, instantSchema } from './common.js';

const readinessStatusSchema = z.enum(['met', 'not-met', 'not-seen']);

const stepSchema = z
  .strictObject({
    step: z.number().int().min(1).meta({ description: 'Its place in the story, from 1.' }),
    title: z.string().min(1),
    detail: z.string().min(1).meta({ description: 'What was sent and what the sandbox answered.' }),
    at: instantSchema.meta({ description: 'Sandbox time when the step was done.' }),
    surface: z.enum(SURFACES).nullable().meta({ description: 'The host the shop called; null for a move of the clock.' }),
    host: z.string().nullable().meta({ description: "That host's real name." }),
    status: z
      .union([z.number().int(), z.literal('refused')])
      .nullable()
      .meta({ description: 'What the host answered; refused: the connection was closed unanswered; null for a move of the clock.' }),
    principal: z.string().nullable().meta({ description: 'The integration that made the call: SharedKey username or API client id.' }),
    readiness: z
      .array(
        z.strictObject({
          principal: z.string(),
          item: z.string().meta({ description: 'The readiness item id (GET /__admin/report).' }),
          title: z.string(),
          from: readinessStatusSchema.nullable().meta({ description: 'null: the integration had not called before.' }),
          to: readinessStatusSchema,
        }),
      )
      .meta({ description: "The go-live readiness items of the demo shop's integrations that changed with this step." }),
  })
  .meta({ description: 'One step of the story, done.' });

/** 200 of GET and 202 of POST /__admin/demo/migration. */
export const demoRunSchema = z
  .strictObject({
    demo: z.literal('migration'),
    state: z.enum(['not-started', 'running', 'finished', 'failed']),
    of: z.number().int().min(1).meta({ description: 'How many steps the story has.' }),
    pauseMs: z.number().int().min(0).nullable().meta({ description: 'Real milliseconds between steps; null before a run.' }),
    startedAt: instantSchema.nullable(),
    finishedAt: instantSchema.nullable(),
    merchant: z
      .strictObject({
        env: envSchema,
        id: z.string(),
        name: z.string(),
        sharedKeyUsername: z.string(),
        clientId: z.string(),
      })
      .meta({ description: 'The demo shop: a merchant of its own, added to the world on the first run.' }),
    steps: z.array(stepSchema),
    error: z.string().nullable().meta({ description: 'failed: why the story stopped.' }),
  })
  .meta({ description: 'The migration demo: where it stands, and each step done so far.' });

export type DemoRunAnswer = z.infer<typeof demoRunSchema>;
