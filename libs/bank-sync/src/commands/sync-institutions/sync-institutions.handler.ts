import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { LedgerAccountInInstitution, type institutionSyncOutcome } from '@budget/contracts';
import { NotFound } from '@budget/platform';
import type { z } from 'zod';
import { PlaidItemStore, type PlaidItem } from '../../items/plaid-item-store.js';
import { BankSyncRequests } from '../../sync/sync-requests.js';
import { SyncInstitutionsCommand } from './sync-institutions.command.js';

type Outcome = z.infer<typeof institutionSyncOutcome>;

const RELINK_MESSAGE = 'The bank asks you to log in again: relink this institution.';
const PENDING_MESSAGE = 'Still syncing in the background: the new transactions will appear shortly.';

/**
 * POST /institutions/sync, POST /institution/{id} and the per-account sync (server-behaviour §4.2,
 * its weak points fixed): each item's sync is a job of the worker (one per item at a time, however
 * many ask), asked for at once and awaited together up to a bound. Each institution answers on its
 * own — done with what it recorded, still pending, failed, or needing relink — and one failing bank
 * never undoes another's rows (weak point 19). An item already marked for relink is not synced.
 */
@CommandHandler(SyncInstitutionsCommand)
export class SyncInstitutionsHandler implements ICommandHandler<SyncInstitutionsCommand> {
  constructor(
    @Inject(PlaidItemStore) private readonly items: PlaidItemStore,
    @Inject(BankSyncRequests) private readonly requests: BankSyncRequests,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId, institutionId, accountId }: SyncInstitutionsCommand) {
    let items: PlaidItem[];
    if (institutionId === null) {
      items = await this.items.listByUser(userId);
    } else {
      const item = await this.items.findByInstitution(userId, institutionId);
      if (!item) throw new NotFound('Institution not found');
      if (accountId !== null && !(await this.queries.execute<LedgerAccountInInstitution, boolean>(new LedgerAccountInInstitution(userId, institutionId, accountId)))) {
        throw new NotFound('Account not found');
      }
      items = [item];
    }
    // Syncing all skips items waiting for a relink; a refresh of one institution (the relink prompt's
    // "sync again" after Link in update mode) tries it: a success marks it healthy again.
    const outcomes = await Promise.all(items.map((item) => this.sync(item, institutionId !== null)));
    return { data: { pending: outcomes.some((o) => o.status === 'pending'), institutions: outcomes } };
  }

  private async sync(item: PlaidItem, evenIfRelink: boolean): Promise<Outcome> {
    const base: Outcome = { institutionId: item.institutionId, status: 'pending', syncDate: item.syncedAt, added: 0, changed: 0, removed: 0, accountIds: [], categoryIds: [], message: null };
    if (item.status === 'needs_relink' && !evenIfRelink) return { ...base, status: 'needs_relink', message: RELINK_MESSAGE };
    const jobId = await this.requests.queue.request(item.itemId, 'user');
    try {
      const outcome = await this.requests.queue.wait(jobId, this.requests.waitMs);
      if (!outcome.done) return { ...base, message: PENDING_MESSAGE };
      const { added, unassigned, changed, removed, matched, accountIds, categoryIds } = outcome.result.ledger;
      return { ...base, status: 'done', syncDate: outcome.result.syncedAt, added, ...(unassigned !== undefined && { unassigned }), changed, removed, matched: matched ?? 0, accountIds, categoryIds };
    } catch {
      const now = await this.items.findByItemId(item.itemId);
      if (now?.status === 'needs_relink') return { ...base, status: 'needs_relink', message: RELINK_MESSAGE };
      return { ...base, status: 'failed', message: 'The bank could not be reached; the sync will be tried again later.' };
    }
  }
}
