import { listGroups, type RouteResponse } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';
import { buildCategoryTree } from './category-tree.js';

const toTree = (answer: RouteResponse<typeof listGroups>) => buildCategoryTree(answer.data);

/**
 * The category tree of the signed-in user (GET /groups), loaded once and shared by every screen;
 * `isError` when it could not be loaded.
 */
export function useCategories() {
  return useRouteQuery(listGroups, {}, { select: toTree });
}
