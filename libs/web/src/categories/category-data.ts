import type { CategoryView, GroupView } from '@budget/contracts';

/**
 * The category tree comes from GET /groups (`listGroups` in `@budget/contracts`); these are the
 * names of the types the client treats specially.
 */
export const CategoryType = {
  Unassigned: 'UNASSIGNED',
  FundingPool: 'FUNDING POOL',
  AccountTransfer: 'ACCOUNT TRANSFER',
} as const satisfies Record<string, CategoryView['type']>;

export const GroupType = { System: 'SYSTEM', NoGroup: 'NO GROUP' } as const satisfies Record<string, GroupView['type']>;

/** What the tree is built from: the fields of GET /groups it reads. */
export interface TreeSource {
  groups: readonly (Pick<GroupView, 'id' | 'name' | 'parentGroupId'> & { type: string })[];
  categories: readonly (Pick<CategoryView, 'id' | 'groupId' | 'name' | 'balance'> & { type: string })[];
}
