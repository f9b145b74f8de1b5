/**
 * What the dashboard reads from the admin API, typed by the answers' own schemas
 * (src/admin/answers/): a change to an answer is a type error here, not a blank cell.
 * Type imports only, erased by the build: the page's script carries no zod and no server code.
 */
import type { z } from 'zod';
import type { apiClientCreatedSchema } from '../answers/api-clients.js';
import type { clockStateSchema } from '../answers/common.js';
import type { DemoRunAnswer } from '../answers/demo.js';
import type { fidelitySchema } from '../answers/fidelity.js';
import type { journalEntrySchema, journalSchema, migrationReportSchema } from '../answers/journal.js';
import type { callbackListSchema, checkoutListSchema, orderListSchema, retirementSchema } from '../answers/lists.js';
import type { hostListSchema, merchantsSchema } from '../answers/world.js';

export type ClockState = z.output<typeof clockStateSchema>;
export type Retirement = z.output<typeof retirementSchema>;
export type HostList = z.output<typeof hostListSchema>;
export type Env = z.output<typeof merchantsSchema>['env'];
export type Merchants = z.output<typeof merchantsSchema>;
export type Merchant = Merchants['merchants'][number];
export type ApiClientCreated = z.output<typeof apiClientCreatedSchema>;
export type CheckoutList = z.output<typeof checkoutListSchema>;
export type OrderList = z.output<typeof orderListSchema>;
export type CallbackList = z.output<typeof callbackListSchema>;
export type Fidelity = z.output<typeof fidelitySchema>;
export type Journal = z.output<typeof journalSchema>;
export type JournalEntry = z.output<typeof journalEntrySchema>;
/** A journal entry without its headers and bodies: a row of the requests panel, from the list or from a `request` event. */
export type JournalRow = Omit<JournalEntry, 'request' | 'response'>;
export type MigrationReport = z.output<typeof migrationReportSchema>;
export type PrincipalReport = MigrationReport['principals'][number];
export type ReadinessResult = PrincipalReport['readiness'][number];
export type DemoRun = DemoRunAnswer;
export type DemoStep = DemoRunAnswer['steps'][number];
