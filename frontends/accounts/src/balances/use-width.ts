import { useLayoutEffect, useState, type RefObject } from 'react';

/** The current width of an element, in CSS pixels. */
export function useWidth(element: RefObject<HTMLElement | null>, initial = 600): number {
  const [width, setWidth] = useState(initial);
  useLayoutEffect(() => {
    const el = element.current;
    if (!el) return undefined;
    // The observer also reports the first size as soon as it starts observing.
    const observer = new ResizeObserver(() => setWidth(el.clientWidth || initial));
    observer.observe(el);
    return () => observer.disconnect();
  }, [element, initial]);
  return width;
}
