import { useLayoutEffect, useState, type RefObject } from 'react';

export interface AnchorRect {
  /** Just under the anchor. */
  top: number;
  left: number;
  width: number;
  /** The anchor's own top edge, for panels that open upwards when there is no room below. */
  anchorTop: number;
}

/** Where a panel of at most `height` pixels goes: under the anchor, or above it when only there it fits. */
export function placePanel(rect: AnchorRect, height: number, viewportHeight: number): { top: number } | { bottom: number } {
  const below = viewportHeight - rect.top;
  if (below >= height || rect.anchorTop - 4 < below) return { top: rect.top };
  return { bottom: viewportHeight - rect.anchorTop + 4 };
}

/**
 * Where a floating panel goes under its anchor while open: viewport coordinates for
 * `position: fixed`, so the panel is not clipped by a scrolling dialog. Follows scroll and resize.
 */
export function useAnchorRect(anchor: RefObject<HTMLElement | null>, open: boolean): AnchorRect | null {
  const [rect, setRect] = useState<AnchorRect | null>(null);
  useLayoutEffect(() => {
    if (!open) return undefined;
    const measure = () => {
      const box = anchor.current?.getBoundingClientRect();
      if (box) setRect({ top: box.bottom + 4, left: box.left, width: box.width, anchorTop: box.top });
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [anchor, open]);
  return open ? rect : null;
}
