/** The user already has a budget: creating another is refused. */
export class BudgetAlreadyExists extends Error {
  override readonly name = 'BudgetAlreadyExists';
  constructor(readonly userId: string) {
    super(`User ${userId} already has a budget`);
  }
}
