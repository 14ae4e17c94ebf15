import type { ReactNode } from 'react';
import { useFocusReturn } from './focus-return.js';
import { lazyParts, useLazyParts } from './lazy-parts.js';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons along the bottom. */
  actions?: ReactNode;
  /** A wider dialog, for forms with rows (transaction splits, import previews). */
  wide?: boolean;
  testId?: string;
}

/** Radix's dialog arrives with the first dialog opened, never in the first load (docs/architecture.md §9). */
export const dialogParts = lazyParts(() => import('./parts/DialogFrame.js'));

function OpenDialog({ title, onClose, children, actions, wide = false, testId }: Omit<DialogProps, 'open'>) {
  useFocusReturn();
  const parts = useLazyParts(dialogParts);
  if (!parts) return null;
  return (
    <parts.DialogFrame title={title} onClose={onClose} actions={actions} wide={wide} testId={testId}>
      {children}
    </parts.DialogFrame>
  );
}

/**
 * A modal dialog (Radix UI: focus trap, Escape, the page behind inert). Closing it — Save, Cancel,
 * Escape, a confirmed delete — puts the focus back on what opened it (docs/architecture.md §9).
 */
export function Dialog({ open, ...props }: DialogProps) {
  return open ? <OpenDialog {...props} /> : null;
}
