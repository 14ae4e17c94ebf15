import { RecordBankFeed, type BankFeedRemoval, type BankFeedRow, type RecordBankFeedResult } from '@budget/contracts';
import type { AccountBase, PlaidApi, RemovedTransaction, Transaction, TransactionsSyncResponse } from 'plaid';
import type { PlaidItem, PlaidItemStore } from '../items/plaid-item-store.js';
import { plaidBalanceCents, plaidCents } from '../plaid/balances.js';
import { PlaidCallError } from '../plaid/plaid-call-error.js';

/** What a sync needs: Plaid (through the gateway, so every call is logged), the item store, the ledger. */
export interface SyncItemPorts {
  plaid: Pick<PlaidApi, 'transactionsSync'>;
  items: Pick<PlaidItemStore, 'accessToken' | 'saveCursor' | 'markNeedsRelink' | 'markHealthy'>;
  /** Sends the ledger its command (the CommandBus in the worker). */
  record(command: RecordBankFeed): Promise<RecordBankFeedResult>;
  now(): Date;
}

export interface SyncItemOptions {
  /** How often the page loop starts over after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION before the job is retried later. */
  maxRestarts?: number;
  /** Rows per ledger append. */
  chunkSize?: number;
}

export interface SyncItemResult {
  itemId: string;
  pages: number;
  restarts: number;
  /** The cursor stored after the rows were recorded. */
  cursor: string;
  /** Plaid's latest copy of each account (balances), by Plaid account id. */
  accounts: AccountBase[];
  ledger: RecordBankFeedResult;
}

/** Plaid refused the item's login: it is marked as needing relink, and retrying will not help. */
export class ItemNeedsRelinkError extends Error {
  constructor(readonly itemId: string, readonly errorCode: string) {
    super(`Plaid item needs relinking (${errorCode})`);
    this.name = 'ItemNeedsRelinkError';
  }
}

/** Plaid errors that only the user can fix, by relinking through Link in update mode. */
export const RELINK_CODES: ReadonlySet<string> = new Set(['ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', 'ITEM_LOCKED', 'USER_PERMISSION_REVOKED', 'ACCESS_NOT_GRANTED']);
const MUTATION = 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';

/**
 * One item's `/transactions/sync` (server-behaviour §4.2.3, with its weak points fixed):
 * 1. every page from the stored cursor is fetched before anything is recorded; on
 *    TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION the whole loop starts again from the stored cursor
 *    (Plaid's rule), so a sync never records half of a moving window;
 * 2. the pages are netted (a row added then modified is recorded once, as last seen; a row added
 *    then removed is not recorded) and handed to the ledger as one `RecordBankFeed`, which appends in
 *    chunks, each row exactly once by its derived stream id, with Plaid's balance of each account
 *    (kept as `plaidBalance`; the starting balance is re-derived from it);
 * 3. only then is the new cursor stored: a crash before it re-fetches the same pages and the
 *    ledger appends nothing it already has.
 * ITEM_LOGIN_REQUIRED (and the other relink codes) marks the item as needing relink and throws
 * `ItemNeedsRelinkError`; RATE_LIMIT_EXCEEDED, 5xx and an unreachable Plaid are rethrown as they are,
 * for the job's retry with backoff.
 */
export async function syncItem(item: PlaidItem, ports: SyncItemPorts, options: SyncItemOptions = {}): Promise<SyncItemResult> {
  const maxRestarts = options.maxRestarts ?? 3;
  const accessToken = await ports.items.accessToken(item.itemId);
  let restarts = 0;
  let fetched: { pages: TransactionsSyncResponse[]; cursor: string };
  for (;;) {
    try {
      fetched = await fetchAllPages(ports.plaid, accessToken, item.cursor);
      break;
    } catch (error) {
      const code = plaidErrorCode(error);
      if (code === MUTATION && restarts < maxRestarts) {
        restarts += 1;
        continue;
      }
      if (code !== null && RELINK_CODES.has(code)) {
        await ports.items.markNeedsRelink(item.itemId, code);
        throw new ItemNeedsRelinkError(item.itemId, code);
      }
      throw error;
    }
  }
  let fromStart = item.cursor === null;
  let pages = fetched.pages.length;
  let ledger = await recordPages(item, fetched.pages, ports, options, fromStart);
  // Accounts linked after the cursor moved on have no history yet (their link's own request for
  // a sync may have been lost in a crash): the ledger's log says so (`withoutHistory`), and the
  // sync fetches the item's whole history once more; rows already recorded append nothing.
  if (!fromStart && (ledger.withoutHistory ?? 0) > 0) {
    fetched = await fetchAllPages(ports.plaid, accessToken, null);
    fromStart = true;
    pages += fetched.pages.length;
    ledger = await recordPages(item, fetched.pages, ports, options, fromStart);
  }
  const { accounts } = netPages(fetched.pages);
  await ports.items.saveCursor(item.itemId, fetched.cursor, ports.now());
  if (item.status === 'needs_relink') await ports.items.markHealthy(item.itemId);
  return { itemId: item.itemId, pages, restarts, cursor: fetched.cursor, accounts, ledger };
}

/** The pages as one `RecordBankFeed` (rows, removals, each account's Plaid balance). */
function recordPages(item: PlaidItem, fetchedPages: readonly TransactionsSyncResponse[], ports: SyncItemPorts, options: SyncItemOptions, fromStart: boolean) {
  const { rows, removals, accounts } = netPages(fetchedPages);
  const balances = accounts.map((a) => ({ plaidAccountId: a.account_id, balanceCents: plaidBalanceCents(a.type, a.balances) }));
  return ports.record(new RecordBankFeed(item.userId, item.institutionId, rows, removals, balances, options.chunkSize, fromStart));
}

/** Plaid's `error_code` of a failed call: from the gateway's `PlaidCallError`, or the plain client's error body. */
export function plaidErrorCode(error: unknown): string | null {
  if (error instanceof PlaidCallError) return error.errorCode;
  const body = (error as { response?: { data?: { error_code?: unknown } } } | null)?.response?.data;
  return typeof body?.error_code === 'string' ? body.error_code : null;
}

async function fetchAllPages(plaid: SyncItemPorts['plaid'], accessToken: string, storedCursor: string | null) {
  const pages: TransactionsSyncResponse[] = [];
  let cursor = storedCursor ?? undefined;
  for (;;) {
    const { data } = await plaid.transactionsSync({ access_token: accessToken, ...(cursor !== undefined && { cursor }), count: 500 });
    pages.push(data);
    cursor = data.next_cursor;
    if (!data.has_more) return { pages, cursor: data.next_cursor };
  }
}

/** Plaid's amount (positive = money out) in our cents and sign (rule 1), from its decimal text. */
export function feedCents(amount: number): number {
  const cents = plaidCents(amount);
  return cents === 0 ? 0 : -cents;
}

export function feedRow(t: Transaction): BankFeedRow {
  return {
    plaidAccountId: t.account_id,
    transactionId: t.transaction_id,
    pendingTransactionId: t.pending_transaction_id ?? null,
    date: t.date,
    name: t.name || t.merchant_name || '',
    amountCents: feedCents(t.amount),
    pending: t.pending,
    ...(t.payment_channel ? { paymentChannel: t.payment_channel } : {}),
    ...(t.personal_finance_category?.primary ? { categoryHint: t.personal_finance_category.primary } : {}),
  };
}

/** The pages as one change set: the last word on each transaction wins; the latest copy of each account. */
export function netPages(pages: readonly TransactionsSyncResponse[]) {
  const upserts = new Map<string, Transaction>();
  const removed = new Map<string, RemovedTransaction>();
  const accounts = new Map<string, AccountBase>();
  for (const page of pages) {
    for (const account of page.accounts ?? []) accounts.set(account.account_id, account);
    for (const t of [...page.added, ...page.modified]) {
      upserts.set(t.transaction_id, t);
      removed.delete(t.transaction_id);
    }
    for (const r of page.removed) {
      if (!r.transaction_id) continue;
      upserts.delete(r.transaction_id);
      removed.set(r.transaction_id, r);
    }
  }
  return {
    rows: [...upserts.values()].map(feedRow),
    removals: [...removed.values()].map((r): BankFeedRemoval => ({ plaidAccountId: r.account_id ?? null, transactionId: r.transaction_id! })),
    accounts: [...accounts.values()],
  };
}
