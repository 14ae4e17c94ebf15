import { z } from 'zod';
import { route } from '../common/route.js';
import { changeFeed } from './change-feed.js';
import { getIdempotencyKey } from './idempotency-keys.js';

export * from './change-feed.js';
export * from './idempotency-keys.js';

export const health = route({
  id: 'health',
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the database answers',
  tag: 'system',
  public: true,
  response: z.object({
    status: z.literal('ok'),
    projector: z
      .object({
        checkpoint: z.string(),
        head: z.string(),
        lagEvents: z.number().int(),
        lagMs: z.number().int(),
        lagUsers: z.number().int(),
        quarantined: z
          .array(
            z.object({
              position: z.string(),
              eventId: z.string(),
              eventType: z.string(),
              since: z.string(),
              attempts: z.number().int(),
              retryAt: z.string(),
            }),
          )
          .meta({
            description:
              "Users' partitions the projector holds back because an event failed to project: the event (position, id, type), since when, how many tries failed, and when it is tried next. Every other user is projected meanwhile; the user's writes answer 202 with reason PROJECTION_QUARANTINED. The user is not named here (this call is public); the projector's log names them.",
          }),
      })
      .meta({
        description:
          "How far the read models are behind the event log: the events not applied yet, the age of the oldest of them, and how many users' partitions they are in.",
      }),
  }),
});

export const systemRoutes = [health, changeFeed, getIdempotencyKey];
