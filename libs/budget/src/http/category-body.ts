import { BUDGET_MESSAGES, BudgetRuleViolation, USER_CATEGORY_TYPES, type CategoryFields, type FundingCategory, type UserCategoryType } from '../domain/index.js';
import { asBody, nameField, nonNegativeAmount, optionalBoolean, optionalDate, optionalId, recurrenceField, type Body } from './request-fields.js';

function typeField(value: unknown): UserCategoryType | undefined {
  if (value === undefined) return undefined;
  if (!USER_CATEGORY_TYPES.includes(value as UserCategoryType)) throw new BudgetRuleViolation('type', 'The type must be REGULAR, BILL or GOAL.', 'enum');
  return value as UserCategoryType;
}

/** `[{categoryId, amount, percentage}]`: dollars or percents on the wire, cents or basis points inside. */
export function fundingCategoriesField(value: unknown): FundingCategory[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new BudgetRuleViolation('fundingCategories', 'The funding categories must be a list.', 'array');
  return value.map((raw, index) => {
    const entry = asBody(raw);
    const field = `fundingCategories.${index}`;
    const categoryId = optionalId(entry.categoryId, `${field}.categoryId`);
    if (!categoryId) throw new BudgetRuleViolation(`${field}.categoryId`, 'There are one or more items not assigned a category.', 'required');
    const percentage = optionalBoolean(entry.percentage, `${field}.percentage`) ?? false;
    const amount = nonNegativeAmount(entry.amount, `${field}.amount`);
    if (percentage && amount > 10_000) throw new BudgetRuleViolation(`${field}.amount`, 'A percentage must be at most 100.', 'max');
    return { categoryId, amount, percentage };
  });
}

/** The category fields of a POST or PATCH body; fields left out stay undefined. */
export function categoryFields(raw: unknown): CategoryFields {
  const b: Body = asBody(raw);
  const fields: CategoryFields = {
    ...(b.name !== undefined && { name: nameField(b.name, BUDGET_MESSAGES.categoryName) }),
    type: typeField(b.type),
    fundingAmount: b.fundingAmount === undefined || b.fundingAmount === '' ? undefined : nonNegativeAmount(b.fundingAmount, 'fundingAmount'),
    includeFundingTransfers: optionalBoolean(b.includeFundingTransfers, 'includeFundingTransfers'),
    useGoal: optionalBoolean(b.useGoal, 'useGoal'),
    goalDate: optionalDate(b.goalDate, 'goalDate'),
    recurrence: b.recurrence === undefined ? undefined : recurrenceField(b.recurrence),
    fundingCategories: fundingCategoriesField(b.fundingCategories),
    suspended: optionalBoolean(b.suspended, 'suspended'),
    hidden: optionalBoolean(b.hidden, 'hidden'),
    parentCategoryId: optionalId(b.parentCategoryId, 'parentCategoryId'),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CategoryFields;
}
