import { budgetProjections } from '@budget/budget';
import { ledgerProjection, openImportsProjection, schedulesProjection } from '@budget/ledger';
import type { Projection } from '@budget/platform';
import { reportingProjection } from '@budget/reporting';
import { rulesProjections } from '@budget/rules';

/**
 * Every read model: the one list the projector writes, the rebuild replays and account deletion
 * erases. A new context adds its projections here, once.
 */
export const allProjections: readonly Projection[] = [...budgetProjections, ledgerProjection, openImportsProjection, schedulesProjection, ...rulesProjections, reportingProjection];
