import { z } from 'zod';
import { idOut, isoDate, money } from '../common/fields.js';
import { route } from '../common/route.js';

/** A bill: its next due date as `goalDate` ("" when none), and this month's debits or null. */
export const billView = z
  .object({
    id: idOut,
    name: z.string(),
    fundingAmount: money,
    goalDate: z.union([isoDate, z.literal('')]),
    recurrence: z.number().int(),
    suspended: z.boolean(),
    debits: money.nullable(),
  })
  .meta({ id: 'Bill' });

/** GET /bills: the bill overview, a bare array sorted by next due date. */
export const listBills = route({
  id: 'listBills',
  method: 'GET',
  path: '/bills',
  summary: 'The bills with their next due dates and this month’s debits',
  tag: 'budget',
  response: z.array(billView),
});
