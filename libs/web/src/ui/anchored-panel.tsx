import type { ReactElement, RefObject } from 'react';
import { lazyParts, useLazyParts } from './lazy-parts.js';

/** Radix's popover arrives with the first dialog (every field with a panel sits in one). */
export const panelParts = lazyParts(() => import('./parts/AnchoredPanel.js'));

/** A floating panel under `anchor` (parts/AnchoredPanel.tsx); nothing until its parts have arrived. */
export function AnchoredPanel({ anchor, children }: { anchor: RefObject<HTMLElement | null>; children: ReactElement }) {
  const parts = useLazyParts(panelParts);
  return parts ? <parts.AnchoredPanel anchor={anchor}>{children}</parts.AnchoredPanel> : null;
}
