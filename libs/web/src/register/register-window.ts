/** Scroll maths of the virtualised register (spec §2 "Register", §9). */

/** Load the next page once the bottom is within this many viewport heights. */
export const LOAD_MORE_VIEWPORTS = 2;
/** Pulling the list down past this scroll offset reloads it from the start. */
export const PULL_REFRESH_OFFSET = -100;
/** Rows drawn above and below the viewport so fast scrolling shows no gaps. */
export const OVERSCAN_ROWS = 6;

export interface ScrollBox {
  /** Pixels scrolled from the top of the rows. */
  scrollTop: number;
  /** The visible height. */
  viewportHeight: number;
  /** The height of everything that can be scrolled. */
  scrollHeight: number;
}

/** Whether the bottom of the list is within two viewport heights of what is on screen. */
export function nearBottom({ scrollTop, viewportHeight, scrollHeight }: ScrollBox, viewports = LOAD_MORE_VIEWPORTS): boolean {
  const below = scrollHeight - (scrollTop + viewportHeight);
  return below <= viewports * viewportHeight;
}

/** Whether a pull-down (a negative scroll offset) went past the refresh threshold. */
export function pulledPastThreshold(offset: number, threshold = PULL_REFRESH_OFFSET): boolean {
  return offset < threshold;
}

/**
 * The scroll offset a touch drag gives while the list is at its top: dragging down by d pixels
 * is an offset of −d/2 (the list resists), and nothing when the list is scrolled or dragged up.
 */
export function pullOffset(scrollTop: number, startY: number, currentY: number): number {
  if (scrollTop > 0) return 0;
  const dragged = currentY - startY;
  return dragged > 0 ? -dragged / 2 : 0;
}
