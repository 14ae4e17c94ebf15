import type { AccountBase } from 'plaid';
import type { OnlineAccountToOpen } from '@budget/contracts';
import { plaidBalanceCents } from './balances.js';

/** A Plaid account as the ledger opens it, with the tracking the user chose (null: its type's default). */
export function accountToOpen(account: AccountBase, tracking: string | null): OnlineAccountToOpen {
  return {
    plaidAccountId: account.account_id,
    name: account.name,
    officialName: account.official_name ?? null,
    mask: account.mask ?? null,
    plaidType: String(account.type),
    plaidSubtype: account.subtype === null || account.subtype === undefined ? null : String(account.subtype),
    tracking,
    balanceCents: plaidBalanceCents(String(account.type), account.balances),
  };
}
