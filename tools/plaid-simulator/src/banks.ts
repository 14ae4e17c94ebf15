import { AccountSubtype, AccountType, CountryCode, Products, type Institution } from 'plaid';

/** One account a fake bank opens for every item linked to it (the template; ids depend on the item's seed). */
export interface AccountTemplate {
  /** Stable key, also accepted in `options.override_accounts` of /sandbox/public_token/create. */
  key: string;
  name: string;
  officialName: string | null;
  mask: string;
  type: AccountType;
  subtype: AccountSubtype;
  /** Balance in cents before the generated history (owed amount for credit and loans). */
  openingCents: number;
  /** Credit limit in cents (credit cards). */
  limitCents?: number;
  /** How many everyday purchases the history holds (depository checking and credit only). */
  purchases: number;
}

export interface FakeBank {
  institution: Institution;
  accounts: AccountTemplate[];
}

const PRODUCTS = [Products.Transactions, Products.Auth, Products.Balance, Products.Investments, Products.Liabilities];

function bank(id: string, name: string, color: string, routing: string, accounts: AccountTemplate[]): FakeBank {
  return {
    institution: {
      institution_id: id,
      name,
      products: PRODUCTS,
      country_codes: [CountryCode.Us],
      url: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
      primary_color: color,
      logo: null,
      routing_numbers: [routing],
      oauth: false,
    },
    accounts,
  };
}

/** Every type Plaid knows that the product shows: checking, savings, credit card, loans, investment. */
function everyType(prefix: string, purchases: { checking: number; credit: number }, masks: string): AccountTemplate[] {
  const m = (i: number) => `${masks}${i}`;
  return [
    { key: 'checking', name: `${prefix} Checking`, officialName: `${prefix} Gold Standard 0% Interest Checking`, mask: m(0), type: AccountType.Depository, subtype: AccountSubtype.Checking, openingCents: 310_000, purchases: purchases.checking },
    { key: 'savings', name: `${prefix} Saving`, officialName: `${prefix} Silver Standard 0.1% Interest Saving`, mask: m(1), type: AccountType.Depository, subtype: AccountSubtype.Savings, openingCents: 1_220_000, purchases: 0 },
    { key: 'credit', name: `${prefix} Credit Card`, officialName: `${prefix} Diamond 12.5% APR Interest Credit Card`, mask: m(2), type: AccountType.Credit, subtype: AccountSubtype.CreditCard, openingCents: 41_000, limitCents: 500_000, purchases: purchases.credit },
    { key: 'student-loan', name: `${prefix} Student Loan`, officialName: null, mask: m(3), type: AccountType.Loan, subtype: AccountSubtype.Student, openingCents: 6_500_000, purchases: 0 },
    { key: 'mortgage', name: `${prefix} Mortgage`, officialName: null, mask: m(4), type: AccountType.Loan, subtype: AccountSubtype.Mortgage, openingCents: 5_613_800, purchases: 0 },
    { key: 'ira', name: `${prefix} IRA`, officialName: null, mask: m(5), type: AccountType.Investment, subtype: AccountSubtype.Ira, openingCents: 32_000_000, purchases: 0 },
  ];
}

/**
 * The fake banks. Ids and names are those of Plaid's own sandbox institutions, so code written
 * against the simulator finds the same banks in Plaid's sandbox. "Houndstooth Bank" is the big one:
 * about 5,000 transactions in the first sync, for benchmarks.
 */
export const BANKS: FakeBank[] = [
  bank('ins_109508', 'First Platypus Bank', '#1f1f1f', '011401533', everyType('Plaid', { checking: 160, credit: 110 }, '000')),
  bank('ins_109509', 'First Gingham Credit Union', '#4a9e5c', '021200339', everyType('Gingham', { checking: 120, credit: 80 }, '111')),
  bank('ins_109510', 'Tattersall Federal Credit Union', '#b22222', '052001633', everyType('Tattersall', { checking: 90, credit: 140 }, '222')),
  bank('ins_109512', 'Houndstooth Bank', '#2b3a67', '231372691', everyType('Houndstooth', { checking: 2950, credit: 1950 }, '333')),
];

export function findBank(institutionId: string): FakeBank | undefined {
  return BANKS.find((b) => b.institution.institution_id === institutionId);
}
