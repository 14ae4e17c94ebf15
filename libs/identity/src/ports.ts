/**
 * What identity needs from other contexts, provided by the composition root (services/api), so
 * that identity does not depend on the budget lib (which itself imports identity's decorators).
 */
export interface BudgetProvisioner {
  /** Appends the new user's default budget; returns the global position of the last event. */
  provision(userId: string, correlationId: string): Promise<bigint>;
}

export const BUDGET_PROVISIONER = Symbol.for('budget.identity.BudgetProvisioner');
