import { z } from 'zod';
import { idOut, pathId, text, timestamp } from '../common/fields.js';
import { PLAID_CALLS_PER_USER, route } from '../common/route.js';

const TAG = 'bank linking';

/** How one institution's sync ended, or that it is still running when the call stopped waiting. */
export const institutionSyncOutcome = z
  .object({
    institutionId: idOut,
    status: z.enum(['done', 'pending', 'needs_relink', 'failed']).meta({
      description: '`pending`: still running in the background (answer 202), `needs_relink`: the bank asks the user to log in again (Link in update mode)',
    }),
    syncDate: timestamp.nullable(),
    added: z.number().int(),
    /** The new rows left in Unassigned (no auto-assignment rule claimed them). */
    unassigned: z.number().int().optional(),
    changed: z.number().int(),
    removed: z.number().int(),
    /**
     * Bank rows that claimed a row the user typed (the typed row became the bank's row: nothing
     * added, docs/architecture.md §8 "Bank rows claim typed rows"); left out by an outcome that ran
     * nothing. The product spec gives the sync's answer no shape, so the count is an extra field.
     */
    matched: z.number().int().optional(),
    /** The accounts and categories whose balances moved: read them again. */
    accountIds: z.array(idOut),
    categoryIds: z.array(idOut),
    message: z.string().nullable(),
  })
  .meta({ id: 'InstitutionSyncOutcome' });

const syncAnswer = z.object({ data: z.object({ pending: z.boolean(), institutions: z.array(institutionSyncOutcome) }) });

/**
 * POST /institutions/sync: a sync of every linked institution of the caller's, run by the worker;
 * answers once they are done (each on its own: one failing bank never undoes another's rows), or
 * after a bounded wait with status 202, `pending: true` and the ones still running.
 */
export const syncInstitutions = route({
  id: 'syncInstitutions',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'POST',
  path: '/institutions/sync',
  summary: 'Sync every linked institution (answers when done, or 202 with the ones still running)',
  tag: TAG,
  response: syncAnswer,
});

/** POST /institution/{id}: refresh one linked institution (a sync of its item), answered as `syncInstitutions`. */
export const refreshInstitution = route({
  id: 'refreshInstitution',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'POST',
  path: '/institution/{id}',
  summary: 'Refresh one linked institution from the bank (answers when done, or 202 while still running)',
  tag: TAG,
  params: z.object({ id: pathId() }),
  response: syncAnswer,
});

/** POST /institution/{institutionId}/accounts/{acctId}/transactions/sync: syncs the account's whole institution (one Plaid item). */
export const syncAccountTransactions = route({
  id: 'syncAccountTransactions',
  perUserLimit: PLAID_CALLS_PER_USER,
  method: 'POST',
  path: '/institution/{institutionId}/accounts/{acctId}/transactions/sync',
  summary: "Sync an account's transactions (its whole institution: Plaid syncs an item at once)",
  tag: TAG,
  params: z.object({ institutionId: pathId(), acctId: pathId() }),
  response: syncAnswer,
});

/**
 * POST /plaid/webhook (Plaid calls it): verified by its `Plaid-Verification` JWT (skipped with the
 * simulator), then only enqueues a sync for SYNC_UPDATES_AVAILABLE (or marks the item for relink
 * for ITEM ERROR ITEM_LOGIN_REQUIRED). A bad signature is 400.
 */
export const plaidWebhook = route({
  id: 'plaidWebhook',
  method: 'POST',
  path: '/plaid/webhook',
  summary: "Plaid's webhook (verified, then a sync is queued)",
  tag: TAG,
  public: true,
  body: z.looseObject({
    webhook_type: text({ max: 100 }),
    webhook_code: text({ max: 100 }),
    item_id: text({ max: 200 }).optional(),
    error: z.looseObject({ error_code: text({ max: 200 }).optional() }).nullable().optional(),
  }),
  response: z.object({ received: z.boolean() }),
  errors: [400],
});

export const bankSyncJobRoutes = [syncInstitutions, refreshInstitution, syncAccountTransactions, plaidWebhook];
