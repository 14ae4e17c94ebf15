import type { Id } from '../data/id.js';
import type { PickerOption } from './picker-options.js';

/** A group of the picker's list: its heading (absent when it goes on after a nested group) and its categories. */
export interface PickerSection {
  kind: 'section';
  key: string;
  /** The group's heading line; null when the section carries on a group after one of its subgroups. */
  heading: PickerOption | null;
  /** The group's path, e.g. "Food:Treats": the section's accessible name when it has no heading. */
  path: string;
  options: PickerOption[];
}

/** A line of the picker's list outside any group: Unassigned, the Funding Pool (and its subcategories), Account Transfer, ungrouped categories. */
export interface PickerItem {
  kind: 'option';
  key: string;
  option: PickerOption;
}

export type PickerEntry = PickerSection | PickerItem;

const pathOf = (parts: readonly string[]) => parts.join(':');

/**
 * The shown lines as the list box draws them: each group heading opens a section holding the
 * group's own categories; a category that follows a nested group goes into a section of its own
 * group again (a list box's sections do not nest); the rest stand alone, in order.
 */
export function pickerSections(shown: readonly PickerOption[]): PickerEntry[] {
  const headings = new Set(shown.filter((option) => option.id === null).map((option) => pathOf(option.parts)));
  const entries: PickerEntry[] = [];
  let section: PickerSection | null = null;
  for (const option of shown) {
    if (option.id === null) {
      section = { kind: 'section', key: option.key, heading: option, path: pathOf(option.parts), options: [] };
      entries.push(section);
      continue;
    }
    const group = pathOf(option.parts.slice(0, -1));
    if (!headings.has(group)) {
      section = null;
      entries.push({ kind: 'option', key: option.key, option });
    } else if (section?.path === group) {
      section.options.push(option);
    } else {
      section = { kind: 'section', key: `${option.key}-in-${group}`, heading: null, path: group, options: [option] };
      entries.push(section);
    }
  }
  return entries;
}

/**
 * The line to highlight while the list is open and nothing is highlighted yet: after typing, the
 * first match (Enter or Tab then confirms it, spec §2 "Category picker"); before typing, the current
 * category when it is shown, else nothing (tabbing past then changes nothing).
 */
export function highlightTarget(shown: readonly PickerOption[], query: string, value: Id | null): Id | null {
  if (query.trim() !== '') return shown.find((option) => option.id !== null)?.id ?? null;
  return value !== null && shown.some((option) => option.id === value) ? value : null;
}
