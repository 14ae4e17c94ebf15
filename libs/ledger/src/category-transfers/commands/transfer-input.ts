import type { recordCategoryTransfer, RouteInput } from '@budget/contracts';
import type { Queryable } from '@budget/platform';
import { LedgerLookups } from '../../queries/ledger-lookups.js';
import { LedgerViews } from '../../queries/transaction-view.js';
import type { TransferContext, TransferLine } from '../domain/transfer-lines.js';

/** The checked body of POST and PATCH /category-transfer (one schema for both). */
export type TransferBody = RouteInput<typeof recordCategoryTransfer>['body'];

/** The lines of a checked body, as the deciders take them (cents, basis points). */
export function transferLines(body: TransferBody): TransferLine[] {
  return body.categories;
}

/** The categories the lines name (a line without one names none). */
export function namedCategories(lines: readonly TransferLine[]): string[] {
  return lines.map((line) => line.categoryId).filter((id): id is string => id !== null);
}

/** Every category a transfer's lines name: the lines' own and their funding sources. */
export function transferCategoryIds(lines: readonly TransferLine[]): string[] {
  return [...namedCategories(lines), ...lines.flatMap((line) => (line.fundingCategories ?? []).map((source) => source.categoryId))];
}

/** Which of the categories the lines and their funding sources name are the caller's. */
export async function transferContext(lookups: LedgerLookups, userId: string, lines: readonly TransferLine[]): Promise<TransferContext> {
  const existing = await lookups.existingCategories(userId, transferCategoryIds(lines));
  return { categoryExists: (id) => existing.has(id) };
}

/**
 * `{data: {balances, transaction}}`: the balances of the given categories from the read model, and
 * the transaction (null when nothing was recorded: a funding of all 0.00 on POST).
 */
export async function transferAnswer(views: LedgerViews, userId: string, categories: Iterable<string>, transactionId: string | null, db?: Queryable) {
  const [balances, transaction] = await Promise.all([
    views.categoryBalances(userId, categories, false, db),
    transactionId === null ? null : views.transaction(userId, transactionId, false, db),
  ]);
  return { data: { balances, transaction } };
}
