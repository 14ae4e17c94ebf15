import { useLayoutEffect, useState, type RefObject } from 'react';

export interface AnchorRect {
  top: number;
  left: number;
  width: number;
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
      if (box) setRect({ top: box.bottom + 4, left: box.left, width: box.width });
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
