import type { Id, SelectOption } from '@budget/web';
import { GroupType, type Budget, type Group } from './budget-data.js';

const regular = (budget: Budget) => budget.groups.filter((g) => g.type === GroupType.Regular);

/** "Parent:Child" for every regular group, following parents up (loops are cut). */
export function groupPaths(budget: Budget): Map<Id, string> {
  const byId = new Map(regular(budget).map((g) => [g.id, g]));
  const path = (group: Group, seen: Set<Id>): string => {
    const parent = group.parentGroupId == null ? undefined : byId.get(group.parentGroupId);
    if (!parent || seen.has(parent.id)) return group.name;
    return `${path(parent, new Set(seen).add(group.id))}:${group.name}`;
  };
  return new Map([...byId.values()].map((g) => [g.id, path(g, new Set([g.id]))]));
}

/** The group and every group below it. */
export function groupAndDescendants(budget: Budget, id: Id): Set<Id> {
  const found = new Set<Id>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const g of budget.groups) {
      if (g.parentGroupId != null && found.has(g.parentGroupId) && !found.has(g.id)) {
        found.add(g.id);
        grew = true;
      }
    }
  }
  return found;
}

const byLabel = (a: SelectOption, b: SelectOption) => a.label.localeCompare(b.label);

/** Regular groups by path, leaving out `exclude`. */
export function groupOptions(budget: Budget, exclude: ReadonlySet<Id> = new Set()): SelectOption[] {
  return [...groupPaths(budget)].filter(([id]) => !exclude.has(id)).map(([value, label]) => ({ value, label })).sort(byLabel);
}

/** The Group dialog's parent choices: 'None', then the regular groups other than itself and its descendants. */
export function parentOptions(budget: Budget, editingId: Id | null): SelectOption[] {
  const exclude = editingId === null ? new Set<Id>() : groupAndDescendants(budget, editingId);
  return [{ value: '', label: 'None' }, ...groupOptions(budget, exclude)];
}

export const FUNDING_POOL_GROUP = 'Funding Pool';

/**
 * The Category dialog's group choices: 'No Group', the Funding Pool (its subcategories live in the
 * system group), then the regular groups.
 */
export function categoryGroupOptions(budget: Budget): SelectOption[] {
  return [
    { value: budget.noGroupId ?? '', label: 'No Group' },
    ...(budget.systemGroupId ? [{ value: budget.systemGroupId, label: FUNDING_POOL_GROUP }] : []),
    ...groupOptions(budget),
  ];
}
