import { dollarsFromCents, defaultGoalDate, parseDollars, type Cents } from '@budget/money';
import { defaultFundingRows, fundingRowsError, fundingRowsFromWire, fundingRowsToWire, type FundingRow, type Id } from '@budget/web';
import { UserCategoryType, type Budget, type Category } from './budget-data.js';

export interface CategoryForm {
  type: UserCategoryType;
  name: string;
  suspended: boolean;
  groupId: Id;
  fundingAmount: Cents;
  includeFundingTransfers: boolean;
  /** As typed in the number field. */
  recurrence: string;
  goalDate: string;
  /** A goal date chosen by hand no longer follows the recurrence. */
  goalDateChosen: boolean;
  fundingRows: FundingRow[];
}

export const CATEGORY_FIELDS = ['type', 'name', 'suspended', 'groupId', 'fundingAmount', 'includeFundingTransfers', 'recurrence', 'goalDate', 'fundingCategories'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

export const TYPE_OPTIONS = [
  { value: UserCategoryType.Regular, label: 'Category' },
  { value: UserCategoryType.Bill, label: 'Bill' },
  { value: UserCategoryType.Goal, label: 'Goal' },
] as const;

export const CATEGORY_MESSAGES = {
  name: 'The category name must not be blank.',
  recurrence: 'The recurrence must be a whole number of at least 1.',
  goalDate: 'A goal date must be specified.',
} as const;

/** Regular categories have no goal; bills and goals use one (spec §4 "Category type"). */
export const usesGoal = (type: string) => type !== UserCategoryType.Regular;

const asType = (type: string): UserCategoryType => (Object.values(UserCategoryType) as string[]).includes(type) ? (type as UserCategoryType) : UserCategoryType.Regular;

export function newCategoryForm(type: UserCategoryType, budget: Budget, today: string, fundingPoolId: Id | null): CategoryForm {
  return {
    type,
    name: '',
    suspended: false,
    groupId: budget.noGroupId ?? '',
    fundingAmount: 0,
    includeFundingTransfers: type !== UserCategoryType.Bill,
    recurrence: '1',
    goalDate: defaultGoalDate(today, 1),
    goalDateChosen: false,
    fundingRows: defaultFundingRows(fundingPoolId),
  };
}

export function categoryFormFrom(category: Category, today: string, fundingPoolId: Id | null): CategoryForm {
  const recurrence = category.recurrence;
  return {
    type: asType(category.type),
    name: category.name,
    suspended: category.suspended,
    groupId: category.groupId,
    fundingAmount: parseDollars(category.fundingAmount) ?? 0,
    includeFundingTransfers: category.includeFundingTransfers,
    recurrence: String(recurrence),
    goalDate: category.goalDate ? category.goalDate.slice(0, 10) : defaultGoalDate(today, recurrence),
    goalDateChosen: Boolean(category.goalDate),
    fundingRows: fundingRowsFromWire(category.fundingCategories, fundingPoolId),
  };
}

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** A new recurrence; an unchosen goal date moves to the next due date it gives (spec §5). */
export function withRecurrence(form: CategoryForm, recurrence: string, today: string): CategoryForm {
  const months = wholeNumber(recurrence);
  const follow = !form.goalDateChosen && months !== null && months >= 1;
  return { ...form, recurrence, goalDate: follow ? defaultGoalDate(today, months) : form.goalDate };
}

/** The client's checks before sending; the server checks the same and more. */
export function validateCategory(form: CategoryForm): Partial<Record<CategoryField, string>> {
  const errors: Partial<Record<CategoryField, string>> = {};
  if (form.name.trim() === '') errors.name = CATEGORY_MESSAGES.name;
  const months = wholeNumber(form.recurrence);
  if (months === null || months < 1) errors.recurrence = CATEGORY_MESSAGES.recurrence;
  if (usesGoal(form.type) && form.goalDate === '') errors.goalDate = CATEGORY_MESSAGES.goalDate;
  const rows = form.type === UserCategoryType.Bill ? fundingRowsError(form.fundingRows) : null;
  if (rows) errors.fundingCategories = rows;
  return errors;
}

/** The body of POST and PATCH: bills send their funding categories, other types an empty list (spec §5). */
export function categoryBody(form: CategoryForm) {
  const bill = form.type === UserCategoryType.Bill;
  const goal = usesGoal(form.type);
  return {
    type: form.type,
    name: form.name.trim(),
    suspended: form.suspended,
    fundingAmount: dollarsFromCents(form.fundingAmount),
    includeFundingTransfers: bill ? false : form.includeFundingTransfers,
    recurrence: wholeNumber(form.recurrence) ?? 1,
    useGoal: goal,
    goalDate: goal ? form.goalDate : null,
    fundingCategories: bill ? fundingRowsToWire(form.fundingRows) : [],
  };
}

/** The group of POST /groups/{groupId}/categories, or of PATCH …/{id}, which also moves it into that group. */
export function categoryGroupId(form: CategoryForm, budget: Budget): Id {
  return form.groupId || (budget.noGroupId ?? '');
}
