import { useContext, useRef, type ReactElement, type RefObject } from 'react';
import { ComboBox, ComboBoxStateContext, FieldError, Input, Label, ListBox, ListBoxItem } from 'react-aria-components/ComboBox';
import { PopoverContext } from 'react-aria-components/Popover';
import type { PayeeView } from '@budget/contracts';
import { useFocusOnArrival } from '../focus/use-focus-on-arrival.js';
import { AnchoredPanel } from '../ui/anchored-panel.js';

export interface PayeeComboBoxProps {
  label: string;
  value: string;
  onChange: (name: string) => void;
  /** A payee chosen from the list (its name is set through `onChange` too). */
  onPick: (payee: PayeeView) => void;
  payees: readonly PayeeView[];
  error: string | null | undefined;
  /** The stand-in box had the focus: the combobox takes it over. */
  focused: boolean;
}

/** The list under the box, placed as the category picker's is (CategoryComboBox.tsx). */
function PayeePanel({ anchor, children }: { anchor: RefObject<HTMLInputElement | null>; children: ReactElement }) {
  const state = useContext(ComboBoxStateContext);
  const popover = useContext(PopoverContext) as { ref?: RefObject<HTMLDivElement | null> } | null;
  if (state === null) return children;
  if (!state.isOpen) return null;
  return (
    <AnchoredPanel anchor={anchor}>
      <div ref={popover?.ref} role="presentation" className="ui-popover ui-picker__panel" onMouseDown={(event) => event.preventDefault()}>
        {children}
      </div>
    </AnchoredPanel>
  );
}

/**
 * The Name box with the user's payees (docs/architecture.md §4.4) on React Aria's ComboBox: any
 * text is a name (a new payee too); typing lists the payees containing it, most used first; the
 * arrows move, Enter or a click chooses one, Escape closes the list and keeps what was typed.
 */
export function PayeeComboBox({ label, value, onChange, onPick, payees, error, focused }: PayeeComboBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  useFocusOnArrival(input, focused);
  return (
    <ComboBox
      className="ui-field ui-picker"
      allowsCustomValue
      menuTrigger="input"
      defaultFilter={() => true}
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={(key) => {
        const payee = payees.find((p) => p.name === key);
        if (payee) onPick(payee);
      }}
      items={payees.map((p) => ({ id: p.name, payee: p }))}
      isInvalid={Boolean(error)}
      isRequired
    >
      <Label className="ui-field__label">{label}</Label>
      <Input ref={input} className="ui-field__input" data-testid="payee-input" />
      {error ? <FieldError className="ui-field__error">{error}</FieldError> : null}
      <PayeePanel anchor={input}>
        <ListBox className="ui-picker__list" aria-label="Payees" aria-labelledby="" data-testid="payee-list">
          {(item: { id: string; payee: PayeeView }) => (
            <ListBoxItem id={item.id} textValue={item.payee.name} className="ui-picker__option">
              {item.payee.name}
            </ListBoxItem>
          )}
        </ListBox>
      </PayeePanel>
    </ComboBox>
  );
}
