import { listGroups, type CategoryView, type GroupsTree, type GroupView, type RouteResponse } from '@budget/contracts';
import { useRouteQuery, type Id } from '@budget/web';

/** A group and a category as GET /groups answers them (`@budget/contracts`). */
export type Group = GroupView;
export type Category = CategoryView;

export interface Budget {
  groups: Group[];
  categories: Category[];
  systemGroupId: Id | null;
  noGroupId: Id | null;
}

export const GroupType = { System: 'SYSTEM', NoGroup: 'NO GROUP', Regular: 'REGULAR' } as const satisfies Record<string, GroupView['type']>;
export const UserCategoryType = { Regular: 'REGULAR', Bill: 'BILL', Goal: 'GOAL' } as const satisfies Record<string, CategoryView['type']>;
export type UserCategoryType = (typeof UserCategoryType)[keyof typeof UserCategoryType];

/** The tree of GET /groups with every field the group and category dialogs edit. */
export function toBudget({ groups, categories }: GroupsTree): Budget {
  return {
    groups,
    categories,
    systemGroupId: groups.find((g) => g.type === GroupType.System)?.id ?? null,
    noGroupId: groups.find((g) => g.type === GroupType.NoGroup)?.id ?? null,
  };
}

const selectBudget = (answer: RouteResponse<typeof listGroups>) => toBudget(answer.data);

/** The budget the dialogs edit: the same GET /groups answer the category tree is built from. */
export function useBudget() {
  return useRouteQuery(listGroups, {}, { select: selectBudget });
}
