import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, type ReactNode } from 'react';
import { AmountValidityScope } from '../../money/amount-validity.js';
import { panelParts } from '../anchored-panel.js';
import { cx } from '../class-names.js';
import { PendingWritesNotice } from '../PendingWritesNotice.js';

export interface DialogFrameProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  wide: boolean;
  testId?: string | undefined;
}

/** Escape belongs to an open list or popover inside the dialog (the category picker, the equation) before the dialog. */
function ownedByField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[aria-expanded="true"], .ui-popover') !== null;
}

/**
 * The open dialog on Radix UI: a modal layer with its focus trapped inside, the page behind it
 * hidden from assistive technology, Escape to close. A click on the backdrop does nothing (a form
 * is never lost to a stray click); the focus goes back to the opener (focus-return.ts).
 */
export function DialogFrame({ title, onClose, children, actions, wide, testId }: DialogFrameProps) {
  // Its fields' panels (the category list, the equation) must be at hand before the first key.
  useEffect(() => void panelParts.load(), []);
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        // The parent decides when the dialog closes: it re-renders without it.
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ui-dialog-overlay">
          <RadixDialog.Content
            className={cx('ui-dialog', wide && 'ui-dialog--wide')}
            data-testid={testId}
            aria-describedby={undefined}
            onInteractOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (ownedByField(event.target)) event.preventDefault();
            }}
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            {/* Its Save button waits for every amount field in it to read (AmountInput). */}
            <AmountValidityScope>
              <RadixDialog.Title className="ui-dialog__title">{title}</RadixDialog.Title>
              <div className="ui-dialog__body">{children}</div>
              <PendingWritesNotice />
              {actions ? <div className="ui-dialog__actions">{actions}</div> : null}
            </AmountValidityScope>
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
