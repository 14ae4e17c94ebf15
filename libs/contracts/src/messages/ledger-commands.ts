/**
 * Commands the ledger handles on the CommandBus for other contexts (as `ledger-queries.ts` for
 * reads): bank-sync opens what it linked at Plaid through these. Amounts are integer cents.
 */

/** An account as Plaid describes it, with the balance it opens with (Plaid's current, negated for credit and loans). */
export interface OnlineAccountToOpen {
  plaidAccountId: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  /** Plaid's type and subtype; the ledger maps them onto its catalogue. */
  plaidType: string;
  plaidSubtype: string | null;
  /** Null: the type's default tracking. */
  tracking: string | null;
  balanceCents: number;
}

/**
 * Open a linked institution with its accounts, each with a starting balance (its Plaid balance)
 * dated `startDate`, in one write. Answers like `POST /institution` (`{data: {...institution, categories}}`).
 */
export class OpenOnlineInstitution {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly name: string,
    readonly plaidInstitutionId: string,
    readonly startDate: string,
    readonly accounts: readonly OnlineAccountToOpen[],
  ) {}
}

/**
 * Open more accounts of a linked institution of the user's (another user's or an unknown
 * institution: not found). Accounts already open under that Plaid account id are refused.
 * Answers `{data: {account, accounts, categories}}` as `POST /institution/{id}/accounts`.
 */
export class OpenOnlineAccounts {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly startDate: string,
    readonly accounts: readonly OnlineAccountToOpen[],
  ) {}
}
