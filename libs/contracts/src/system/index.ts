import { z } from 'zod';
import { route } from '../common/route.js';

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
      })
      .meta({
        description:
          "How far the read models are behind the event log: the events not applied yet, the age of the oldest of them, and how many users' partitions they are in.",
      }),
  }),
});

export const systemRoutes = [health];
