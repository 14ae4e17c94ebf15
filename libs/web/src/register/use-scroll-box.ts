import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/** The scroll position and visible height of a scrolling element, kept current. */
export function useScrollBox(element: RefObject<HTMLElement | null>) {
  const [box, setBox] = useState({ scrollTop: 0, viewportHeight: 0 });
  const measure = useCallback(() => {
    const el = element.current;
    if (el) setBox({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight });
  }, [element]);

  useLayoutEffect(() => {
    const el = element.current;
    if (!el) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, measure]);

  return { ...box, onScroll: measure };
}
