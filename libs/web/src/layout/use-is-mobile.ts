import { useSyncExternalStore } from 'react';

/** Mobile is a width up to 600px; desktop starts at 600px (spec §9). */
export const MOBILE_QUERY = '(max-width: 599.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
