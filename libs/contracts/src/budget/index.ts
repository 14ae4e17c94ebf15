import type { RouteContract } from '../common/route.js';
import { listBills } from './bills.js';
import { addCategory, changeCategory, deleteCategory } from './categories.js';
import { fundingPlan, proposedFunding, setPlanItem } from './funding-plans.js';
import { addGroup, changeGroup, deleteGroup, listGroups } from './groups.js';
import { budgetMonthRoute } from './months.js';

export * from './groups.js';
export * from './categories.js';
export * from './funding-plans.js';
export * from './bills.js';
export * from './months.js';

/** Every route of the budget context (product-spec §7 "Categories and funding", bills). */
export const budgetRoutes: RouteContract[] = [
  listGroups, addGroup, changeGroup, deleteGroup,
  addCategory, changeCategory, deleteCategory,
  setPlanItem, proposedFunding, fundingPlan,
  listBills,
  budgetMonthRoute,
];
