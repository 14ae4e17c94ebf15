import { useCallback, useMemo, useState } from 'react';
import type { Id } from '../data/id.js';

/**
 * The register's selection for bulk actions (docs/architecture.md §4.6 "Bulk actions"), kept by
 * row id, not by what is drawn: the register is virtualised, so a range reaches rows that are not
 * in the DOM, and rows loaded later keep their state. `anchor` is the row a range starts from (the
 * last row clicked or toggled without Shift).
 */
export interface SelectionState {
  selected: ReadonlySet<Id>;
  anchor: number | null;
}

export const emptySelection: SelectionState = { selected: new Set(), anchor: null };

/** A click or Space on row `index`: flips it, and it becomes the anchor. */
export function toggleRow(state: SelectionState, ids: readonly Id[], index: number): SelectionState {
  const id = ids[index];
  if (id === undefined) return state;
  const selected = new Set(state.selected);
  if (selected.has(id)) selected.delete(id);
  else selected.add(id);
  return { selected, anchor: index };
}

/**
 * Shift-click or Shift+Arrow onto row `index`: every row from the anchor to it takes the anchor's
 * state (selected when the anchor is, or when there is none), as in a file manager. The anchor stays.
 */
export function extendTo(state: SelectionState, ids: readonly Id[], index: number): SelectionState {
  if (index < 0 || index >= ids.length) return state;
  const anchor = state.anchor !== null && state.anchor < ids.length ? state.anchor : index;
  const select = state.anchor === null || state.selected.has(ids[anchor]!);
  const selected = new Set(state.selected);
  const [from, to] = anchor <= index ? [anchor, index] : [index, anchor];
  for (let i = from; i <= to; i++) {
    if (select) selected.add(ids[i]!);
    else selected.delete(ids[i]!);
  }
  return { selected, anchor };
}

/** Every loaded row selected, or none when all already are. */
export function toggleAll(state: SelectionState, ids: readonly Id[]): SelectionState {
  const all = ids.length > 0 && ids.every((id) => state.selected.has(id));
  return { selected: all ? new Set() : new Set(ids), anchor: null };
}

/** Rows that are gone (deleted, filtered out) leave the selection. */
export function keepLoaded(state: SelectionState, ids: readonly Id[]): SelectionState {
  const loaded = new Set(ids);
  if ([...state.selected].every((id) => loaded.has(id))) return state;
  return { selected: new Set([...state.selected].filter((id) => loaded.has(id))), anchor: null };
}

/** What the register needs to draw and change a selection. */
export interface RegisterSelection {
  selected: ReadonlySet<Id>;
  /** Whether a row can be selected (a starting-balance line cannot). */
  selectable: (id: Id) => boolean;
  toggle: (index: number) => void;
  extend: (index: number) => void;
  toggleAll: () => void;
}

/** The selection of a register's rows; `ids` are its rows in order, `selectable` those a bulk action takes. */
export function useRegisterSelection(ids: readonly Id[], selectable: (id: Id) => boolean = () => true) {
  const [state, setState] = useState<SelectionState>(emptySelection);
  const eligible = useMemo(() => ids.filter(selectable), [ids, selectable]);
  // Rows that left the register are dropped when read, so a bulk action never names them.
  const current = useMemo(() => keepLoaded(state, eligible), [state, eligible]);
  const only = useCallback((next: SelectionState) => ({ ...next, selected: new Set([...next.selected].filter(selectable)) }), [selectable]);
  const selection: RegisterSelection = {
    selected: current.selected,
    selectable,
    toggle: (index) => setState((s) => only(toggleRow(keepLoaded(s, eligible), ids, index))),
    extend: (index) => setState((s) => only(extendTo(keepLoaded(s, eligible), ids, index))),
    toggleAll: () => setState((s) => toggleAll(keepLoaded(s, eligible), eligible)),
  };
  const clear = useCallback(() => setState(emptySelection), []);
  return { selection, ids: [...current.selected], clear };
}
