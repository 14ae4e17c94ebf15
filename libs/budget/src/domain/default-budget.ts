import type { CategoryType, GroupType } from './budget.events.js';

interface DefaultGroup {
  name: string;
  type: GroupType;
  categories: readonly { name: string; type: CategoryType }[];
}

const regular = (...names: string[]) => names.map((name) => ({ name, type: 'REGULAR' as const }));

/**
 * What registration creates (server-behaviour §2.3), in creation order: the System group with
 * its three categories, "NoGroup" for ungrouped categories, then the starter groups. Every
 * balance starts at 0; there is no Loans group.
 */
export const DEFAULT_BUDGET: readonly DefaultGroup[] = [
  {
    name: 'System',
    type: 'SYSTEM',
    categories: [
      { name: 'Unassigned', type: 'UNASSIGNED' },
      { name: 'Funding Pool', type: 'FUNDING POOL' },
      { name: 'Account Transfer', type: 'ACCOUNT TRANSFER' },
    ],
  },
  { name: 'NoGroup', type: 'NO GROUP', categories: regular('Entertainment', 'Miscellaneous') },
  { name: 'Food', type: 'REGULAR', categories: regular('Groceries', 'Dining Out') },
  { name: 'Home Improvement', type: 'REGULAR', categories: regular('Maintenance', 'Furniture', 'Other') },
  { name: 'Health Care', type: 'REGULAR', categories: regular('Medical', 'Dental', 'Vision') },
  { name: 'Insurance', type: 'REGULAR', categories: regular('Medical', 'Dental', 'Vision', 'House/Car') },
  { name: 'Bills', type: 'REGULAR', categories: regular('Electric', 'Natural Gas', 'Garbage/Recycling') },
  { name: 'Taxes', type: 'REGULAR', categories: regular('Federal', 'State', 'Property', 'Preparation Fees') },
  { name: 'Car', type: 'REGULAR', categories: regular('Gasoline', 'Maintenance', 'Registration') },
];
