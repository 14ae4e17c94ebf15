/** Account types and subtypes (product-spec §3 "Account type and subtype catalogue"). */
export const ACCOUNT_SUBTYPES = {
  depository: ['checking', 'savings', 'hsa', 'cd', 'money market', 'paypal', 'prepaid', 'cash management', 'ebt'],
  credit: ['credit card', 'paypal'],
  loan: ['auto', 'business', 'commercial', 'construction', 'consumer', 'home equity', 'loan', 'mortgage', 'overdraft', 'line of credit', 'student', 'other'],
  investment: [
    '529', '401a', '401k', '403b', '457b', 'brokerage', 'cash isa', 'crypto exchange', 'education savings account', 'fixed annuity',
    'gic', 'health reimbursement arrangement', 'hsa', 'ira', 'isa', 'keogh', 'lif', 'life insurance', 'lira', 'lrif', 'lrsp',
    'mutual fund', 'non-custodial wallet', 'non-taxable brokerage account', 'other', 'other annuity', 'other insurance', 'pension',
    'prif', 'profit sharing plan', 'qshr', 'rdsp', 'resp', 'retirement', 'rlif', 'roth', 'roth 401k', 'rrif', 'rrsp', 'sarsep',
    'sep ira', 'simple ira', 'sipp', 'stock plan', 'tfsa', 'trust', 'ugma', 'utma', 'variable annuity',
  ],
} as const;

export type AccountType = keyof typeof ACCOUNT_SUBTYPES;
export const ACCOUNT_TYPES = Object.keys(ACCOUNT_SUBTYPES) as AccountType[];

export const TRACKING_MODES = ['Transactions', 'Uncategorized Transactions', 'Balances'] as const;
export type Tracking = (typeof TRACKING_MODES)[number];

/**
 * The tracking an account opens with when none is given: loans and investments stay off the budget
 * (a car loan's −12,000 opening balance would otherwise land in the Funding Pool and start a new
 * budget thousands in the red). A loan's payments still move its balance (Uncategorized
 * Transactions); an investment is followed by its balances. The add-account dialogs preselect the
 * same (GET /account-types answers it).
 */
export const DEFAULT_TRACKING: Record<AccountType, Tracking> = {
  depository: 'Transactions',
  credit: 'Transactions',
  loan: 'Uncategorized Transactions',
  investment: 'Balances',
};

export const isAccountType = (value: unknown): value is AccountType => typeof value === 'string' && value in ACCOUNT_SUBTYPES;
export const isTracking = (value: unknown): value is Tracking => TRACKING_MODES.includes(value as Tracking);
export function isSubtypeOf(type: AccountType, subtype: string): boolean {
  return (ACCOUNT_SUBTYPES[type] as readonly string[]).includes(subtype);
}
