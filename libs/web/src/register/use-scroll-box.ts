import { useLayoutEffect, useState, type RefObject, type UIEvent } from 'react';

const boxOf = (el: HTMLElement) => ({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight });

/** The scroll position and visible height of a scrolling element, kept current. */
export function useScrollBox(element: RefObject<HTMLElement | null>) {
  const [box, setBox] = useState({ scrollTop: 0, viewportHeight: 0 });

  useLayoutEffect(() => {
    const el = element.current;
    if (!el) return undefined;
    // The observer also reports the first size as soon as it starts observing.
    const observer = new ResizeObserver(() => setBox(boxOf(el)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);

  return { ...box, onScroll: (event: UIEvent<HTMLElement>) => setBox(boxOf(event.currentTarget)) };
}
