import type { BudgetMonthView, MonthCategoryView, MonthGroupView } from '@budget/contracts';
import type { Cents } from '@budget/money';
import { wireCents } from '@budget/web';

/** One line of the month table: a group with its subtotals, or a category under it. */
export interface MonthRow {
  key: string;
  kind: 'group' | 'category';
  name: string;
  level: number;
  funded: Cents;
  activity: Cents;
  available: Cents;
  overspent: boolean;
  /** A group's overspent categories (0 for a category). */
  overspentCount: number;
  /** The category's register (`/home/{id}`); null for a group. */
  categoryId: string | null;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const untouched = (c: MonthCategoryView) => c.funded === 0 && c.activity === 0 && c.available === 0;

/** `YYYY-MM` → "March 2026" in the user's language (the month is a calendar month, no time zone). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** Today's month, `YYYY-MM`, in the browser's time zone (as the register's dates are). */
export function currentMonth(today: Date = new Date()): string {
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
}

/** A path's month when it is one (`YYYY-MM`, 01–12), else null. */
export function readMonth(text: string | undefined): string | null {
  return text !== undefined && /^\d{4}-(0[1-9]|1[0-2])$/.test(text) ? text : null;
}

/**
 * The table's lines: the System group first (its Funding Pool is the headline too), then the
 * ungrouped categories, then each group by name with its subgroups under it; a group line carries
 * its own categories' subtotals. Hidden categories with nothing in the month are left out, and so
 * are groups left with no line.
 */
export function monthRows(view: BudgetMonthView): MonthRow[] {
  const known = new Set(view.groups.map((g) => g.id));
  const noGroup = view.groups.find((g) => g.type === 'NO GROUP');
  const children = (parent: string | null) =>
    view.groups
      .filter((g) => g.type === 'REGULAR' && (parent === null ? g.parentGroupId === null || g.parentGroupId === noGroup?.id || !known.has(g.parentGroupId) : g.parentGroupId === parent))
      .sort(byName);
  const rows: MonthRow[] = [];
  const groupLines = (group: MonthGroupView, level: number, name = group.name, seen = new Set<string>()) => {
    if (seen.has(group.id)) return;
    seen.add(group.id);
    const categories = group.categories.filter((c) => !(c.hidden && untouched(c))).sort(byName);
    const below: MonthRow[] = [];
    const before = rows.length;
    rows.push({
      key: `g${group.id}`, kind: 'group', name, level,
      funded: wireCents(group.funded), activity: wireCents(group.activity), available: wireCents(group.available),
      overspent: false, overspentCount: group.overspentCount, categoryId: null,
    });
    for (const c of categories) {
      below.push({
        key: `c${c.id}`, kind: 'category', name: c.name, level: level + 1,
        funded: wireCents(c.funded), activity: wireCents(c.activity), available: wireCents(c.available),
        overspent: c.overspent, overspentCount: 0, categoryId: c.id,
      });
    }
    rows.push(...below);
    for (const child of children(group.id)) if (!(child.hidden && child.categories.every(untouched))) groupLines(child, level + 1, child.name, seen);
    if (rows.length === before + 1 && categories.length === 0 && group.type !== 'REGULAR') rows.pop();
  };
  const system = view.groups.find((g) => g.type === 'SYSTEM');
  if (system) groupLines(system, 0);
  if (noGroup) groupLines(noGroup, 0, 'Ungrouped');
  for (const group of children(null)) if (!(group.hidden && group.categories.every(untouched))) groupLines(group, 0);
  return rows;
}
