import { z } from 'zod';

/**
 * The update status as the contract carries it (getUpdateStatus, the update actions, the
 * onUpdateStatus event): the service's state (main/services/updates/update-state.ts, which must
 * stay assignable to this), when the last check finished, whether checks are on, and the one-line
 * summary Settings shows as it is.
 */
const versionSchema = z.string().min(1).max(100);
const sentenceSchema = z.string().min(1).max(500);

export const updateStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle') }),
  z.object({ kind: z.literal('checking') }),
  z.object({ kind: z.literal('available'), version: versionSchema }),
  z.object({ kind: z.literal('downloading'), version: versionSchema, percent: z.number().int().min(0).max(100) }),
  z.object({ kind: z.literal('ready'), version: versionSchema }),
  z.object({ kind: z.literal('error'), message: sentenceSchema }),
  z.object({ kind: z.literal('offline') }),
  z.object({ kind: z.literal('disabled') }),
  z.object({ kind: z.literal('unavailable'), reason: sentenceSchema }),
]);
export type UpdateStateWire = z.infer<typeof updateStateSchema>;

export const updateStatusSchema = z.object({
  state: updateStateSchema,
  /** When the last check finished (found, none, offline or failed), ISO 8601; null before the first. */
  lastCheckedAt: z.iso.datetime().nullable(),
  checksEnabled: z.boolean(),
  summary: sentenceSchema,
});
export type UpdateStatus = z.infer<typeof updateStatusSchema>;

/** What an update action answers: done, or refused with the sentence why; the status after it either way. */
export const updateActionResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), update: updateStatusSchema }),
  z.object({ status: z.literal('refused'), message: sentenceSchema, update: updateStatusSchema }),
]);
export type UpdateActionResponse = z.infer<typeof updateActionResponseSchema>;
