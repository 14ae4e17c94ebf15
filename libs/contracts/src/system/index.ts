import { z } from 'zod';
import { route } from '../common/route.js';

export const health = route({
  id: 'health',
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the database answers',
  tag: 'system',
  public: true,
  response: z.object({ status: z.literal('ok') }),
});

export const systemRoutes = [health];
