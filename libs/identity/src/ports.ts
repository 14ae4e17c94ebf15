/**
 * What identity needs from other contexts, provided by the composition root (services/api), so
 * that identity does not depend on the budget lib (which itself imports identity's decorators).
 */
export interface BudgetProvisioner {
  /** Appends the new user's default budget; returns the global position of the last event. */
  provision(userId: string, correlationId: string): Promise<bigint>;
}

export const BUDGET_PROVISIONER = Symbol.for('budget.identity.BudgetProvisioner');

/**
 * What another context keeps about a user outside the event store and the read models (bank-sync's
 * linked items at Plaid and their sealed tokens), erased when the user deletes their account,
 * before anything else: a failure leaves the account in place, so deleting again finishes the job.
 */
export interface UserEraser {
  eraseUser(userId: string): Promise<void>;
}

export const USER_ERASERS = Symbol.for('budget.identity.UserErasers');
