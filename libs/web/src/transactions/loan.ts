import { dollarsFromCents, type Cents } from '@budget/money';

/** Accounts of this type split each payment into principle and interest. */
export const LOAN_TYPE = 'loan';

export const isLoanType = (accountType: string | null | undefined) => accountType === LOAN_TYPE;

/** The interest part of a loan transaction: what the principle leaves of the amount. */
export const interestOf = (form: { amount: Cents; principle: Cents }): Cents => form.amount - form.principle;

/** The principle as sent with a loan account's transaction; nothing for other accounts. */
export const principlePart = (form: { principle: Cents }, loan: boolean) => (loan ? { principle: dollarsFromCents(form.principle) } : {});
