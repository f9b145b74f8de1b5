/**
 * Errors of the control plane (/__admin): {"error": {"status", "message"}} (the admin dialect,
 * src/http/dialects/status-message.ts), with a message that says how to fix the call.
 */
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { Refusal } from '../http/refusal.js';

/** An ISO-8601 instant in an admin body (the sandbox clock's form). */
export const instantField = z
  .string()
  .refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' });

/** A refusal of an admin call. */
export class AdminError extends Refusal {
  override name = 'AdminError';
  constructor(status: number, message: string) {
    super(status, message);
  }
}
