import { buildCategoryTree } from './category-tree.js';

/**
 * A budget's category tree for the picker's tests (unit specs and the Chromium harness): the system
 * group, a subgroup (Food:Treats), a name that contains another group's name (Home:Food Storage)
 * and a category of the no-group group.
 */
export const pickerTree = buildCategoryTree({
  groups: [
    { id: '1', name: 'System', type: 'SYSTEM', parentGroupId: null },
    { id: '2', name: 'NoGroup', type: 'NO GROUP', parentGroupId: null },
    { id: '3', name: 'Food', type: 'REGULAR', parentGroupId: null },
    { id: '4', name: 'Treats', type: 'REGULAR', parentGroupId: '3' },
    { id: '5', name: 'Home', type: 'REGULAR', parentGroupId: null },
  ],
  categories: [
    { id: '10', groupId: '1', name: 'Unassigned', type: 'UNASSIGNED', balance: 0 },
    { id: '11', groupId: '1', name: 'Funding Pool', type: 'FUNDING POOL', balance: 0 },
    { id: '12', groupId: '1', name: 'Account Transfer', type: 'ACCOUNT TRANSFER', balance: 0 },
    { id: '13', groupId: '1', name: 'Reserve', type: 'REGULAR', balance: 0 },
    { id: '20', groupId: '3', name: 'Groceries', type: 'REGULAR', balance: 0 },
    { id: '21', groupId: '3', name: 'Dining Out', type: 'REGULAR', balance: 0 },
    { id: '22', groupId: '4', name: 'Cake', type: 'REGULAR', balance: 0 },
    { id: '23', groupId: '5', name: 'Food Storage', type: 'REGULAR', balance: 0 },
    { id: '30', groupId: '2', name: 'Books', type: 'REGULAR', balance: 0 },
  ],
});
