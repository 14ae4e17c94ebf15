/**
 * Commands the bank-sync context handles on the CommandBus for routes another context serves: the
 * ledger's `POST /institution` and `POST /institution/{id}/accounts` take an online body (a Plaid
 * public token, or Plaid account ids) and hand it here, since talking to Plaid and keeping the
 * item's access token is bank-sync's. Plain classes (the web imports this package too).
 */

/** POST /institution online: `{publicToken, institutionId, startDate?}` (product-spec §7). Answers like `addInstitution`. */
export class LinkOnlineInstitution {
  constructor(
    readonly userId: string,
    readonly publicToken: string,
    /** Plaid's institution id (e.g. `ins_109508`), from Link's metadata. */
    readonly plaidInstitutionId: string,
    readonly startDate: string | undefined,
  ) {}
}

/** One Plaid account the user picked, with the tracking chosen for it (default: its type's). */
export interface ChosenPlaidAccount {
  plaidAccountId: string;
  tracking?: string | undefined;
}

/** POST /institution/{id}/accounts online: `{plaidAccounts, startDate}`. Answers like `addAccount`, with `accounts`. */
export class LinkOnlineAccounts {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly plaidAccounts: readonly ChosenPlaidAccount[],
    readonly startDate: string | undefined,
  ) {}
}

/**
 * Before DELETE /institution/{id} removes an institution: if it is one of the user's linked ones,
 * remove the item at Plaid and forget its access token (server-behaviour §4.2: a Plaid failure
 * aborts the delete). An offline, unknown or another user's institution: nothing happens.
 */
export class UnlinkOnlineInstitution {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
  ) {}
}
