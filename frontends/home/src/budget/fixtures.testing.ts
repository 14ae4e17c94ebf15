import type { CategoryView, GroupsTree, GroupView } from '@budget/contracts';

/** A group as GET /groups answers it, with the fields a spec does not care about defaulted. */
export const group = (fields: Pick<GroupView, 'id' | 'name'> & Partial<GroupView>): GroupView => ({ type: 'REGULAR', hidden: false, parentGroupId: null, ...fields });

/** A category as GET /groups answers it, with the fields a spec does not care about defaulted. */
export const category = (fields: Pick<CategoryView, 'id' | 'groupId' | 'name'> & Partial<CategoryView>): CategoryView => ({
  balance: 0,
  type: 'REGULAR',
  hidden: false,
  fundingAmount: 0,
  includeFundingTransfers: true,
  useGoal: false,
  goalDate: null,
  recurrence: 1,
  fundingCategories: [],
  suspended: false,
  parentCategoryId: null,
  ...fields,
});

/** A GET /groups tree shared by the budget specs: System, NoGroup, Food > Treats, Bills. */
export const groupsTree: GroupsTree = {
  groups: [
    group({ id: 'sys', name: 'System', type: 'SYSTEM' }),
    group({ id: 'none', name: 'NoGroup', type: 'NO GROUP' }),
    group({ id: 'food', name: 'Food' }),
    group({ id: 'treats', name: 'Treats', parentGroupId: 'food' }),
    group({ id: 'bills', name: 'Bills' }),
  ],
  categories: [
    category({ id: 'un', groupId: 'sys', name: 'Unassigned', type: 'UNASSIGNED' }),
    category({ id: 'pool', groupId: 'sys', name: 'Funding Pool', type: 'FUNDING POOL', balance: 500 }),
    category({ id: 'at', groupId: 'sys', name: 'Account Transfer', type: 'ACCOUNT TRANSFER' }),
    category({ id: 'save', groupId: 'sys', name: 'Savings', balance: 20, parentCategoryId: 'pool' }),
    category({ id: 'groc', groupId: 'food', name: 'Groceries', balance: 10, fundingAmount: 300 }),
    category({ id: 'cake', groupId: 'treats', name: 'Cake' }),
    category({ id: 'rent', groupId: 'bills', name: 'Rent', type: 'BILL', fundingAmount: 1200, goalDate: '2030-01-01', useGoal: true, fundingCategories: [{ categoryId: 'pool', amount: 100, percentage: true }] }),
    category({ id: 'books', groupId: 'none', name: 'Books', balance: 3 }),
  ],
};
