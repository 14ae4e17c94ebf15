import type { TransferCandidateView, TransferLegView } from '@budget/contracts';

/** "1 possible transfer between your accounts" / "3 possible transfers …". */
export const candidatesSummary = (count: number) => `${count} possible transfer${count === 1 ? '' : 's'} between your accounts`;

/** "Checking to Savings": where the money went out and where it came in. */
export const pairRoute = ([out, into]: TransferCandidateView['legs']) => `${out.accountName} to ${into.accountName}`;

/** What a leg's buttons and headings name it by: `"Online transfer" in Checking`. */
export const legLabel = (leg: TransferLegView) => `"${leg.name}" in ${leg.accountName}`;
