import type { Cents } from '@budget/money';
import { recordPath, type CategoryNode, type CategoryTree, type Id, type TreeNode } from '@budget/web';

export interface TreeRow {
  key: string;
  label: string;
  /** Indent level: 25px each in the list. */
  level: number;
  balance: Cents | null;
  /** Where choosing the row goes; groups go nowhere. */
  to: string | null;
  categoryId: Id | null;
  /** The group a group heading stands for (choosing it edits the group). */
  groupId: Id | null;
  /** Whether the row's category can be edited: every one but the three system categories. */
  editable: boolean;
  /** The first row after the system entries starts a new section. */
  section?: boolean;
}

export const INDENT_PX = 25;
export const REBALANCES_PATH = '/home/rebalances';

const categoryRow = (category: CategoryNode, level: number, label = category.name, balance = category.balance, editable = true): TreeRow => ({
  key: `c${category.id}`,
  label,
  level,
  balance,
  to: recordPath('/home', category.id),
  categoryId: category.id,
  groupId: null,
  editable,
});
const systemRow = (category: CategoryNode, label: string, balance = category.balance) => categoryRow(category, 0, label, balance, false);

function nodeRows(node: TreeNode, level: number): TreeRow[] {
  if (node.kind === 'category') return [categoryRow(node, level)];
  const header: TreeRow = { key: `g${node.id}`, label: node.name, level, balance: node.total, to: null, categoryId: null, groupId: node.id, editable: true };
  return [header, ...node.children.flatMap((child) => nodeRows(child, level + 1))];
}

/**
 * The left list of Home, top to bottom: Unassigned, Funding Pool (with its subcategories'
 * balances in its total), Account Transfers, Category Transfers, the funding pool's
 * subcategories, then groups and ungrouped categories by name with groups' totals.
 */
export function treeRows(tree: CategoryTree): TreeRow[] {
  const { unassigned, fundingPool, accountTransfer, fundingPoolChildren, nodes } = tree;
  const poolTotal = (fundingPool?.balance ?? 0) + fundingPoolChildren.reduce((sum, c) => sum + c.balance, 0);
  const rows: TreeRow[] = [
    ...(unassigned ? [systemRow(unassigned, unassigned.name)] : []),
    ...(fundingPool ? [systemRow(fundingPool, fundingPool.name, poolTotal)] : []),
    ...(accountTransfer ? [systemRow(accountTransfer, 'Account Transfers')] : []),
    { key: 'rebalances', label: 'Category Transfers', level: 0, balance: null, to: REBALANCES_PATH, categoryId: null, groupId: null, editable: false },
    ...fundingPoolChildren.map((child) => categoryRow(child, 1)),
  ];
  const tail = nodes.flatMap((node) => nodeRows(node, 0));
  if (tail[0]) tail[0] = { ...tail[0], section: true };
  return [...rows, ...tail];
}
