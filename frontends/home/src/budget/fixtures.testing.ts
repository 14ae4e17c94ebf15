/** A GET /groups answer shared by the budget specs: System, NoGroup, Food > Treats, Bills. */
export const groupsBody = {
  data: {
    groups: [
      { id: 'sys', name: 'System', type: 'SYSTEM', parentGroupId: null },
      { id: 'none', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
      { id: 'food', name: 'Food', type: 'REGULAR', parentGroupId: null },
      { id: 'treats', name: 'Treats', type: 'REGULAR', parentGroupId: 'food' },
      { id: 'bills', name: 'Bills', type: 'REGULAR', parentGroupId: null },
    ],
    categories: [
      { id: 'un', groupId: 'sys', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
      { id: 'pool', groupId: 'sys', name: 'Funding Pool', type: 'FUNDING POOL', balance: '500.00' },
      { id: 'at', groupId: 'sys', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
      { id: 'save', groupId: 'sys', name: 'Savings', type: 'REGULAR', balance: '20.00', parentCategoryId: 'pool' },
      { id: 'groc', groupId: 'food', name: 'Groceries', type: 'REGULAR', balance: '10.00', fundingAmount: 300, recurrence: 1 },
      { id: 'cake', groupId: 'treats', name: 'Cake', type: 'REGULAR', balance: 0 },
      { id: 'rent', groupId: 'bills', name: 'Rent', type: 'BILL', balance: 0, fundingAmount: '1200.00', goalDate: '2030-01-01', recurrence: 1, useGoal: true, fundingCategories: [{ categoryId: 'pool', amount: 100, percentage: true }] },
      { id: 'books', groupId: 'none', name: 'Books', type: 'REGULAR', balance: 3 },
    ],
  },
};
