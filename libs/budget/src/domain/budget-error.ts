/** The user already has a budget: creating another is refused. */
export class BudgetAlreadyExists extends Error {
  override readonly name = 'BudgetAlreadyExists';
  constructor(readonly userId: string) {
    super(`User ${userId} already has a budget`);
  }
}

/** A broken rule of the budget's tree, on one field: a 422 at the HTTP edge. */
export class BudgetRuleViolation extends Error {
  override readonly name = 'BudgetRuleViolation';
  constructor(
    readonly field: string,
    override readonly message: string,
    readonly code = 'invalid',
  ) {
    super(message);
  }
}

/** A group or category that is not in this user's budget: a 404, whoever owns it. */
export class UnknownBudgetReference extends Error {
  override readonly name = 'UnknownBudgetReference';
  constructor(readonly what: 'Group' | 'Category') {
    super(`${what} not found`);
  }
}

/** A group or category that still holds something cannot be deleted: 409 HAS_CHILDREN. */
export class BudgetHasChildren extends Error {
  override readonly name = 'BudgetHasChildren';
}

export const BUDGET_MESSAGES = {
  groupName: 'The group name must not be blank.',
  categoryName: 'The category name must not be blank.',
  nameTaken: 'The name has already been taken',
  groupHasChildren: 'Unable to delete the group because it contains one or more categories',
  categoryHasChildren: 'Unable to delete the category because it contains one or more transactions',
  parentNotRegular: 'The parent group must be one of your own groups.',
  groupCycle: 'A group cannot be placed inside itself or one of its sub-groups.',
  systemGroup: 'The System and No Group groups cannot be renamed, moved or deleted.',
  systemCategory: 'A system category cannot be renamed, moved, retyped or deleted.',
  categoryGroup: 'A category belongs in a regular group or in No Group.',
  poolSubcategory: 'Only the Funding Pool has subcategories, and they belong in the System group.',
  fundsItself: 'A category cannot be one of its own funding categories.',
  percentages: 'The percentages of the funding categories must not add up to more than 100.',
  systemPlan: 'A system category has no funding plan.',
} as const;
