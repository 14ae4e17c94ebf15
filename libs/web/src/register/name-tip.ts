/**
 * Whole names on touch and keyboard (docs/architecture.md §9.8 "Phone and touch"): a register cell
 * cut with an ellipsis is shown whole in a tip — on a tap of the cut cell, or while the row has the
 * keyboard's focus. The pure parts: what counts as cut, and where the tip goes.
 */

/** Which of a row's cells can be cut: the name (payee), the account and the categories (detail). */
export type NameCell = 'name' | 'account' | 'detail';

/** A cell is cut when its text is wider than its box (half a pixel of rounding allowed). */
export function isCut(cell: { scrollWidth: number; clientWidth: number }): boolean {
  return cell.scrollWidth > cell.clientWidth + 0.5;
}

export interface Box {
  left: number;
  top: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The gap kept from the viewport's edges and from the cell. */
export const TIP_MARGIN = 8;
const GAP = 4;

/**
 * Where the tip goes (fixed position): under the anchor, at its left edge, pulled in so it never
 * leaves the viewport sideways (no horizontal scroll at 390px); above the anchor when only there it
 * fits; at the viewport's top margin when it fits neither.
 */
export function tipPlace(anchor: Box, tip: Size, viewport: Size): { left: number; top: number } {
  const left = Math.max(TIP_MARGIN, Math.min(anchor.left, viewport.width - TIP_MARGIN - tip.width));
  const below = anchor.bottom + GAP;
  if (below + tip.height <= viewport.height - TIP_MARGIN) return { left, top: below };
  const above = anchor.top - GAP - tip.height;
  if (above >= TIP_MARGIN) return { left, top: above };
  return { left, top: TIP_MARGIN };
}
