import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, RefObject } from 'react';

export interface AnchoredPanelProps {
  /** The field the panel hangs from; it keeps the focus and the keys (the panel's own keys are its caller's). */
  anchor: RefObject<HTMLElement | null>;
  /** The panel element itself (a listbox, a small form): Radix positions it and layers it. */
  children: ReactElement;
}

/**
 * A floating panel under a field (Radix UI Popover, non-modal): placed below the field, or above
 * it when only there it fits, kept inside the viewport, and layered above the dialog around it,
 * so Escape in the field closes the panel and not the dialog. It never takes the focus and a click
 * elsewhere is left to the field (it closes on blur).
 */
export function AnchoredPanel({ anchor, children }: AnchoredPanelProps) {
  return (
    <RadixPopover.Root open modal={false}>
      <RadixPopover.Anchor virtualRef={anchor} />
      <RadixPopover.Content
        asChild
        side="bottom"
        align="start"
        sideOffset={4}
        collisionPadding={8}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
      >
        {children}
      </RadixPopover.Content>
    </RadixPopover.Root>
  );
}
