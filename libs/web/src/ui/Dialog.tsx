import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AmountValidityScope } from '../money/amount-validity.js';
import { cx } from './class-names.js';
import { PendingWritesNotice } from './PendingWritesNotice.js';

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

/** A modal dialog on the native <dialog> element: focus trap, Escape and backdrop for free. */
export function Dialog({ open, title, onClose, children, actions, wide = false, testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={cx('ui-dialog', wide && 'ui-dialog--wide')}
      aria-labelledby={titleId}
      data-testid={testId}
      // A nested dialog's close and cancel events reach this one through React's tree: only this
      // dialog's own events close it.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        // The parent decides when the dialog closes: it re-renders with open=false.
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        // Its Save button waits for every amount field in it to read (AmountInput).
        <AmountValidityScope>
          <h2 id={titleId} className="ui-dialog__title">
            {title}
          </h2>
          <div className="ui-dialog__body">{children}</div>
          <PendingWritesNotice />
          {actions ? <div className="ui-dialog__actions">{actions}</div> : null}
        </AmountValidityScope>
      ) : null}
    </dialog>
  );
}
