import type { Id } from '../data/id.js';
import type { CategoryNode, CategoryTree, TreeNode } from './category-tree.js';

/** One line of the category picker: a category to choose, or a group heading. */
export interface PickerOption {
  key: string;
  /** The category id; null for a group heading, which cannot be chosen. */
  id: Id | null;
  label: string;
  /** Names from the top group down to this line, e.g. ["Food", "Groceries"]. */
  parts: string[];
  /** Indent level: 24px each in the drop-down (spec §9). */
  level: number;
}

export const PICKER_INDENT_PX = 24;

const category = (node: CategoryNode, parts: string[], level: number, label = node.name): PickerOption => ({
  key: `c${node.id}`,
  id: node.id,
  label,
  parts: [...parts, label],
  level,
});

function nodeOptions(node: TreeNode, parts: string[], level: number): PickerOption[] {
  if (node.kind === 'category') return [category(node, parts, level)];
  const heading: PickerOption = { key: `g${node.id}`, id: null, label: node.name, parts: [...parts, node.name], level };
  return [heading, ...node.children.flatMap((child) => nodeOptions(child, heading.parts, level + 1))];
}

/**
 * Everything the picker offers, top to bottom: Unassigned, the Funding Pool with its
 * subcategories, Account Transfer, then the groups and categories of the tree.
 */
export function pickerOptions(tree: CategoryTree): PickerOption[] {
  const { unassigned, fundingPool, accountTransfer, fundingPoolChildren, nodes } = tree;
  return [
    ...(unassigned ? [category(unassigned, [], 0)] : []),
    ...(fundingPool ? [category(fundingPool, [], 0)] : []),
    ...(fundingPool ? fundingPoolChildren.map((child) => category(child, [fundingPool.name], 1)) : []),
    ...(accountTransfer ? [category(accountTransfer, [], 0)] : []),
    ...nodes.flatMap((node) => nodeOptions(node, [], 0)),
  ];
}

/** Splits what was typed into lower-case 'group:category' parts, dropping empty ones. */
export function queryParts(query: string): string[] {
  return query
    .split(':')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
}

/**
 * Whether an option's name path matches typed parts. One part matches any name on the path
 * ("food" finds every category under Food). Several parts match in order: the last one the
 * category's own name, the others its groups from the top down ("fo:gro" finds Food:Groceries).
 */
export function matchesParts(names: readonly string[], parts: readonly string[]): boolean {
  if (parts.length === 0) return true;
  const lower = names.map((name) => name.toLowerCase());
  if (parts.length === 1) return lower.some((name) => name.includes(parts[0]!));
  const leaf = lower.at(-1) ?? '';
  if (!leaf.includes(parts.at(-1)!)) return false;
  let at = 0;
  for (const part of parts.slice(0, -1)) {
    while (at < lower.length - 1 && !lower[at]!.includes(part)) at++;
    if (at >= lower.length - 1) return false;
    at++;
  }
  return true;
}

/** The options a query keeps: matching categories, with the headings of the groups they sit in. */
export function filterOptions(options: readonly PickerOption[], query: string): PickerOption[] {
  const parts = queryParts(query);
  if (parts.length === 0) return [...options];
  const kept = options.filter((option) => option.id !== null && matchesParts(option.parts, parts));
  const headings = new Set(kept.flatMap((option) => option.parts.slice(0, -1).map((_, i) => option.parts.slice(0, i + 1).join(':'))));
  return options.filter((option) => kept.includes(option) || (option.id === null && headings.has(option.parts.join(':'))));
}

/** The name a chosen category shows in the picker's box: its path, e.g. "Food:Groceries". */
export function optionText(option: PickerOption | undefined): string {
  return option ? option.parts.join(':') : '';
}
