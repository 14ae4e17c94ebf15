import { z } from 'zod';
import { idOut, text, wholeNumber } from '../common/fields.js';
import type { RouteContract } from '../common/route.js';
import { route } from '../common/route.js';

/** How many payees one auto-complete answer lists at most, and by default. */
export const PAYEES_MAX = 50;
export const PAYEES_DEFAULT = 10;

/**
 * One payee of the caller's history (docs/architecture.md §4.4): the name as last typed, how many
 * live transactions carry it, and the category last given to it by hand — `lastCategoryId` null
 * when none was, or that category is gone. `lastCategoryTimes` counts how many times in a row the
 * user gave that category to this payee (the web client offers "Make a rule?" from 2).
 */
export const payeeView = z
  .object({
    name: z.string(),
    uses: z.number().int(),
    lastCategoryId: idOut.nullable(),
    lastCategoryTimes: z.number().int(),
  })
  .meta({ id: 'Payee' });
export type PayeeView = z.infer<typeof payeeView>;

/**
 * GET /payees?name=&limit= (docs/architecture.md §4.4): the caller's payees whose name contains
 * `name` in any case (`%` and `_` plain characters; blank or absent: every payee), names starting
 * with it first, then the most used, then the most recently used; at most `limit` (default 10,
 * at most 50). Only payees of live transactions are listed.
 */
export const listPayees = route({
  id: 'listPayees',
  method: 'GET',
  path: '/payees',
  summary: "Auto-complete the caller's payees, with the category each was last given",
  tag: 'ledger: transactions',
  query: z.object({
    name: text({ max: 200, message: 'The name must be text.' })
      .transform((value) => value.trim())
      .optional()
      .meta({ description: 'Only payees whose name contains this text (any case)' }),
    limit: wholeNumber({ min: 1, max: PAYEES_MAX, message: `The limit must be a whole number from 1 to ${PAYEES_MAX}.` })
      .optional()
      .transform((value) => value ?? PAYEES_DEFAULT),
  }),
  response: z.object({ data: z.array(payeeView) }),
});

export const payeeRoutes: RouteContract[] = [listPayees];
