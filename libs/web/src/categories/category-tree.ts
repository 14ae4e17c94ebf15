import type { Cents } from '@budget/money';
import { wireCents } from '../money/money.js';
import type { Id } from '../data/id.js';
import { CategoryType, GroupType, type TreeSource } from './category-data.js';

type GroupData = TreeSource['groups'][number];
type CategoryData = TreeSource['categories'][number];

export interface CategoryNode {
  kind: 'category';
  id: Id;
  name: string;
  type: string;
  balance: Cents;
  /** "Group:Category" up the group chain; the bare name outside groups. */
  path: string;
}

export interface GroupNode {
  kind: 'group';
  id: Id;
  name: string;
  children: TreeNode[];
  /** The sum of every category under the group, nested groups included. */
  total: Cents;
}

export type TreeNode = CategoryNode | GroupNode;

export interface CategoryTree {
  unassigned: CategoryNode | null;
  fundingPool: CategoryNode | null;
  accountTransfer: CategoryNode | null;
  /** Categories of the system group other than the three system ones. */
  fundingPoolChildren: CategoryNode[];
  /** Groups and ungrouped categories, sorted by name. */
  nodes: TreeNode[];
  categories: Map<Id, CategoryNode>;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const isSystemType = (type: string) => (Object.values(CategoryType) as string[]).includes(type);

/** Builds the category tree from GET /groups (`listGroups`); balances become integer cents. */
export function buildCategoryTree({ groups, categories }: TreeSource): CategoryTree {
  const system = groups.find((g) => g.type === GroupType.System);
  const noGroup = groups.find((g) => g.type === GroupType.NoGroup);
  const regular = groups.filter((g) => g !== system && g !== noGroup);
  const known = new Set(regular.map((g) => g.id));
  const all = new Map<Id, CategoryNode>();

  const leaf = (c: CategoryData, prefix: string): CategoryNode => {
    const node: CategoryNode = { kind: 'category', id: c.id, name: c.name, type: c.type, balance: wireCents(c.balance), path: prefix + c.name };
    all.set(c.id, node);
    return node;
  };

  const group = (g: GroupData, prefix: string, seen: Set<Id>): GroupNode => {
    const path = `${prefix}${g.name}:`;
    const inner = new Set(seen).add(g.id);
    const children: TreeNode[] = [
      ...regular.filter((child) => child.parentGroupId === g.id && !inner.has(child.id)).map((child) => group(child, path, inner)),
      ...categories.filter((c) => c.groupId === g.id).map((c) => leaf(c, path)),
    ].sort(byName);
    const total = children.reduce((sum, child) => sum + (child.kind === 'group' ? child.total : child.balance), 0);
    return { kind: 'group', id: g.id, name: g.name, children, total };
  };

  const topGroups = regular.filter((g) => g.parentGroupId == null || g.parentGroupId === noGroup?.id || !known.has(g.parentGroupId));
  const ungrouped = categories.filter((c) => c.groupId === noGroup?.id || (c.groupId !== system?.id && !known.has(c.groupId)));
  const nodes = [...topGroups.map((g) => group(g, '', new Set())), ...ungrouped.map((c) => leaf(c, ''))].sort(byName);

  const systemCategory = (type: string) => {
    const found = categories.find((c) => c.type === type);
    return found ? leaf(found, '') : null;
  };
  const fundingPoolChildren = categories
    .filter((c) => c.groupId === system?.id && !isSystemType(c.type))
    .map((c) => leaf(c, ''))
    .sort(byName);

  return {
    unassigned: systemCategory(CategoryType.Unassigned),
    fundingPool: systemCategory(CategoryType.FundingPool),
    accountTransfer: systemCategory(CategoryType.AccountTransfer),
    fundingPoolChildren,
    nodes,
    categories: all,
  };
}
