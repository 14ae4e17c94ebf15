import { z } from 'zod';
import { pathId } from '../common/fields.js';
import { route } from '../common/route.js';

/**
 * What the server knows of one of the caller's Idempotency-Keys (docs/architecture.md §6.2):
 * - `unknown`: no request with this key was stored (or its 24 hours are over): nothing was
 *   recorded under it;
 * - `running`: a request with it is being carried out now (`stale` once it has held the key for
 *   longer than a retry waits: the request's process stopped, and sending it again is safe);
 * - `pending`: stored, answered 202 while the read models catch up;
 * - `done`: carried out, with the status it answered (`status`).
 */
export const idempotencyKeyState = z
  .object({
    state: z.enum(['unknown', 'running', 'pending', 'done']),
    status: z.number().int().nullable(),
    stale: z.boolean(),
  })
  .meta({ id: 'IdempotencyKeyState' });
export type IdempotencyKeyState = z.infer<typeof idempotencyKeyState>;

/**
 * GET /idempotency-keys/{key}: the state of one of the caller's keys, so a client that lost an
 * answer learns the outcome of its write by its key. Only the caller's own keys are ever found
 * (another user's key is `unknown`). Keys are read as the web client makes them, version 4 UUIDs
 * (lower case); any other key is not found (404).
 */
export const getIdempotencyKey = route({
  id: 'getIdempotencyKey',
  method: 'GET',
  path: '/idempotency-keys/{key}',
  summary: 'What became of a write sent with this Idempotency-Key',
  tag: 'system',
  params: z.object({ key: pathId('This must be an Idempotency-Key made by the web client (a UUID).') }),
  response: z.object({ data: idempotencyKeyState }),
});
