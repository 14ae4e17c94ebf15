import { useEffect } from 'react';

/** Shows `count` on the installed app's icon where the browser supports badges. */
export function useAppBadge(count: number | null): void {
  useEffect(() => {
    if (count === null || !('setAppBadge' in navigator)) return;
    void navigator.setAppBadge(count).catch(() => undefined);
  }, [count]);
}
