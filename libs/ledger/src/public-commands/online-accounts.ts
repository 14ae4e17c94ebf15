import type { OnlineAccountToOpen } from '@budget/contracts';
import type { EventWriter } from '@budget/platform';
import { ACCOUNT_SUBTYPES, isAccountType, isSubtypeOf } from '../domain/account.catalogue.js';
import { planAccount } from '../commands/open-account.js';

/**
 * Plaid's type and subtype on the ledger's catalogue (product-spec §3): `brokerage` is an
 * investment, an unknown type a depository; a subtype the catalogue lacks becomes the type's
 * `other` (or its first subtype).
 */
export function ledgerKind(plaidType: string, plaidSubtype: string | null): { type: string; subtype: string } {
  const type = plaidType === 'brokerage' ? 'investment' : isAccountType(plaidType) ? plaidType : 'depository';
  const subtype = (plaidSubtype ?? '').toLowerCase();
  if (isAccountType(type) && isSubtypeOf(type, subtype)) return { type, subtype };
  const known: readonly string[] = isAccountType(type) ? ACCOUNT_SUBTYPES[type] : [];
  return { type, subtype: known.includes('other') ? 'other' : (known[0] ?? '') };
}

/** Plans a linked account: opened like an offline one, with Plaid's balance as its balance and its Plaid facts. */
export function planOnlineAccount(writer: EventWriter, institutionId: string, account: OnlineAccountToOpen, startDate: string, fieldPrefix: string) {
  return planAccount(
    writer,
    institutionId,
    {
      name: account.name,
      ...ledgerKind(account.plaidType, account.plaidSubtype),
      tracking: account.tracking ?? undefined,
      balance: account.balanceCents,
      startDate,
      plaid: { accountId: account.plaidAccountId, balance: account.balanceCents, officialName: account.officialName, mask: account.mask },
    },
    fieldPrefix,
  );
}
