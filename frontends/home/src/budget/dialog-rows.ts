import type { CategoryNode, CategoryTree, Id, TreeNode } from '@budget/web';

/** Indent per level in the funding and rebalance lists (spec §9). */
export const DIALOG_INDENT_PX = 28;

export type DialogRow = { kind: 'group'; key: string; name: string; level: number } | { kind: 'category'; key: string; id: Id; name: string; level: number };

const category = (node: CategoryNode, level: number, name = node.name): DialogRow => ({ kind: 'category', key: `c${node.id}`, id: node.id, name, level });

function nodeRows(node: TreeNode, level: number): DialogRow[] {
  if (node.kind === 'category') return [category(node, level)];
  if (node.children.length === 0) return [];
  return [{ kind: 'group', key: `g${node.id}`, name: node.name, level }, ...node.children.flatMap((child) => nodeRows(child, level + 1))];
}

/**
 * The categories of the funding and rebalance lists in the order of the tree, with group headings.
 * `system` adds Unassigned, the Funding Pool and Account Transfer (a rebalance can move money from
 * any of them); without it the Funding Pool's subcategories sit under a Funding Pool heading.
 */
export function dialogRows(tree: CategoryTree, { system }: { system: boolean }): DialogRow[] {
  const { unassigned, fundingPool, accountTransfer, fundingPoolChildren, nodes } = tree;
  const pool = fundingPoolChildren.map((child) => category(child, 1));
  const head: DialogRow[] = system
    ? [
        ...(unassigned ? [category(unassigned, 0)] : []),
        ...(fundingPool ? [category(fundingPool, 0)] : []),
        ...pool,
        ...(accountTransfer ? [category(accountTransfer, 0)] : []),
      ]
    : pool.length > 0
      ? [{ kind: 'group', key: 'pool', name: fundingPool?.name ?? 'Funding Pool', level: 0 }, ...pool]
      : [];
  return [...head, ...nodes.flatMap((node) => nodeRows(node, 0))];
}

/** The category ids of the rows, in order. */
export const rowCategoryIds = (rows: readonly DialogRow[]): Id[] => rows.flatMap((row) => (row.kind === 'category' ? [row.id] : []));

/**
 * The rows whose category `keep` accepts, with the group headings that still head one of them
 * (a heading is followed by its subtree: the rows after it of a deeper level).
 */
export function narrowRows(rows: readonly DialogRow[], keep: (id: Id) => boolean): DialogRow[] {
  const kept = rows.filter((row) => row.kind === 'group' || keep(row.id));
  return kept.filter((row, index) => {
    if (row.kind === 'category') return true;
    for (const next of kept.slice(index + 1)) {
      if (next.level <= row.level) return false;
      if (next.kind === 'category') return true;
    }
    return false;
  });
}
