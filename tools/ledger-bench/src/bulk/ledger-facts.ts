import {
  accountRegister,
  categoryRegister,
  membershipsOf,
  pendingAccountRegister,
  pendingCategoryRegister,
  TRACKING_MODES,
  TRANSACTION_TYPE,
  transactionStream,
  type TransactionKind,
} from '@budget/ledger';

/**
 * The ledger's own naming and ordering rules, read from its code rather than restated, so the
 * set-based SQL keys and orders rows exactly as the projection does.
 */
export interface LedgerFacts {
  streamPrefix: string;
  accountPrefix: string;
  pendingAccountPrefix: string;
  categoryPrefix: string;
  pendingCategoryPrefix: string;
  /** Wire `type` per kind, as JSON `{kind: type}`. */
  typeByKind: string;
  /** Category-register kind order per kind, as JSON `{kind: order}`. */
  categoryKindOrder: string;
}

/** The kind order the projection gives a transaction of `kind` in a category register. */
function categoryKindOrderOf(kind: TransactionKind): number {
  const probe = membershipsOf(
    { id: 'probe', kind, date: '2000-01-01', deleted: false, accountId: null, amount: null, principle: null, pending: false, splits: [{ categoryId: 'probe', amount: 1, comment: null }], seq: 0n, originalSeq: null },
    null,
  );
  const membership = probe[0];
  if (!membership) throw new Error(`the ledger places no category row for a ${kind} transaction`);
  return membership.kindOrder;
}

export function ledgerFacts(): LedgerFacts {
  const kinds = Object.keys(TRANSACTION_TYPE) as TransactionKind[];
  return {
    streamPrefix: transactionStream(''),
    accountPrefix: accountRegister(''),
    pendingAccountPrefix: pendingAccountRegister(''),
    categoryPrefix: categoryRegister(''),
    pendingCategoryPrefix: pendingCategoryRegister(''),
    typeByKind: JSON.stringify(TRANSACTION_TYPE),
    categoryKindOrder: JSON.stringify(Object.fromEntries(kinds.map((kind) => [kind, categoryKindOrderOf(kind)]))),
  };
}

/** The tracking modes the projection tests by name (checked against the ledger's catalogue). */
export const TRACKING = { transactions: 'Transactions', balances: 'Balances' } as const satisfies Record<string, (typeof TRACKING_MODES)[number]>;
