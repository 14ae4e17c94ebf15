import { useRef, useState, type TouchEvent } from 'react';
import { pulledPastThreshold, pullOffset, PULL_REFRESH_OFFSET } from './register-window.js';

/**
 * Pull-to-refresh on a scrolling list: dragging down at the top gives a negative offset, and
 * letting go past −100 reloads from the start. A native overscroll past −100 (iOS) does too.
 */
export function usePullRefresh(onRefresh: () => void) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const overscrolled = useRef(false);

  const handlers = {
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      start.current = event.currentTarget.scrollTop <= 0 ? (event.touches[0]?.clientY ?? null) : null;
    },
    onTouchMove: (event: TouchEvent<HTMLElement>) => {
      if (start.current === null) return;
      setOffset(pullOffset(event.currentTarget.scrollTop, start.current, event.touches[0]?.clientY ?? start.current));
    },
    onTouchEnd: () => {
      if (pulledPastThreshold(offset)) onRefresh();
      start.current = null;
      setOffset(0);
    },
  };
  /** For the scroll handler: a rubber-band overscroll past the threshold. */
  const onOverscroll = (scrollTop: number) => {
    if (scrollTop >= 0) overscrolled.current = false;
    else if (pulledPastThreshold(scrollTop) && start.current === null && !overscrolled.current) {
      overscrolled.current = true;
      onRefresh();
    }
  };

  return { offset, armed: pulledPastThreshold(offset), handlers, onOverscroll, threshold: PULL_REFRESH_OFFSET };
}
