import type { CategoryView, GroupsTree, GroupView } from '@budget/contracts';
import type { Id } from '@budget/web';

/**
 * Changes applied to the cached answer of GET /groups right after a save, so the list shows the
 * change at once: the tree is rebuilt from the answer and sorted by name, which re-inserts a
 * renamed or moved item in order (spec §4 "Category tree"). The server's answer follows.
 */

function upsert<T extends { id: Id }>(rows: readonly T[], record: T): T[] {
  const at = rows.findIndex((row) => row.id === record.id);
  if (at < 0) return [...rows, record];
  return rows.map((row, i) => (i === at ? record : row));
}

const without = <T extends { id: Id }>(rows: readonly T[], id: Id) => rows.filter((row) => row.id !== id);

/** Adds a created group or replaces a changed one with the server's answer. */
export const withGroup = (tree: GroupsTree, group: GroupView): GroupsTree => ({ ...tree, groups: upsert(tree.groups, group) });

/** Adds a created category or replaces a changed one with the server's answer. */
export const withCategory = (tree: GroupsTree, category: CategoryView): GroupsTree => ({ ...tree, categories: upsert(tree.categories, category) });

export const withoutGroup = (tree: GroupsTree, id: Id): GroupsTree => ({ ...tree, groups: without(tree.groups, id) });

export const withoutCategory = (tree: GroupsTree, id: Id): GroupsTree => ({ ...tree, categories: without(tree.categories, id) });
