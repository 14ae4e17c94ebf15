import { useApiData } from '../data/use-api-data.js';
import { GROUPS_PATH } from './category-data.js';
import { readCategoryTree } from './category-tree.js';

/** The category tree of the signed-in user, loaded once and shared by every screen. */
export function useCategories() {
  return useApiData(GROUPS_PATH, readCategoryTree);
}
