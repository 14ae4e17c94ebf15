import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { Id } from '../data/id.js';
import { formatDate } from '../dates/format-date.js';
import { Amount } from '../ui/Amount.js';
import { cx } from '../ui/class-names.js';
import { reconcileEnabled } from './reconcile.js';
import type { RegisterRow } from './register-rows.js';

/** The reconcile column: the selected statement and what a click does. */
export interface ReconcileColumn {
  statementId: Id | null;
  /** Rows whose change is on its way to the server. */
  busy: ReadonlySet<Id>;
  /** Statements already set on the server but not yet in the reloaded rows. */
  overrides: ReadonlyMap<Id, Id | null>;
  onToggle: (row: RegisterRow) => void;
}

export interface RegisterRowViewProps {
  /** The row's element id: a dialog opened from it finds it again when it closes. */
  id?: string;
  row: RegisterRow;
  index: number;
  /** The row holding the register's one Tab stop (roving tabindex). */
  active?: boolean;
  onFocus?: () => void;
  /** The row goes away while it has the focus (deleted, reloaded without it): the register keeps the focus. */
  onFocusLost?: () => void;
  style: CSSProperties;
  /** The Account column (category and Unassigned registers): the row's account in a cell of its own. */
  showAccount?: boolean;
  showBalance: boolean;
  reconcile: ReconcileColumn | undefined;
  /** Opens the row; undefined when it cannot be opened (with the reason as its tooltip). */
  onOpen: (() => void) | undefined;
  closedReason: string | null;
  /**
   * Opens the duplicate dialog of a flagged bank row (the account register); undefined: the mark
   * still shows, as a plain badge (a category register, where the pair is resolved from the account).
   */
  onDuplicate?: (() => void) | undefined;
  /** The bulk-action checkbox: its state and what a click does (`range`: Shift was held); null: a row that cannot be selected. */
  select?: { selected: boolean; onToggle: (range: boolean) => void } | null;
}

/** Why a row is new, as its badge's tooltip says (docs/architecture.md §4.6 "Review state"). */
const NEW_REASONS: Readonly<Record<string, string>> = {
  synced: 'New from the bank',
  imported: 'New from an import',
  amount: "The bank's amount differs",
  split: "Split didn't follow the bank",
  marked: 'Marked new',
};

/** One register line: [reconciled] date, name, [account], categories, amount, running balance. */
export function RegisterRowView({ id, row, index, active = false, onFocus, onFocusLost, style, showAccount = false, showBalance, reconcile, onOpen, closedReason, onDuplicate, select }: RegisterRowViewProps) {
  const stored = row.transaction.accountTransaction?.statementId ?? null;
  const statementId = reconcile?.overrides.has(row.id) ? (reconcile.overrides.get(row.id) ?? null) : stored;
  const pending = row.transaction.accountTransaction?.pending === true;
  const element = useRef<HTMLDivElement>(null);
  const lost = useRef(onFocusLost);
  useLayoutEffect(() => {
    lost.current = onFocusLost;
  });
  // Still in the document while it unmounts: a focused row hands the focus on instead of dropping it on <body>.
  useLayoutEffect(() => {
    const el = element.current;
    return () => {
      if (el && el.contains(el.ownerDocument.activeElement)) lost.current?.();
    };
  }, []);
  // Only the active row's controls are in the Tab order; the register's keys move between rows.
  const controlTab = active ? undefined : -1;
  const busy = reconcile?.busy.has(row.id) === true;
  return (
    <div
      id={id}
      ref={element}
      role="row"
      aria-rowindex={index + 2}
      data-index={index}
      className={cx('ui-register__row', onOpen && 'ui-register__row--open', reconcile && 'ui-register__row--check')}
      style={style}
      tabIndex={active ? 0 : -1}
      title={closedReason ?? undefined}
      data-testid="register-row"
      onClick={onOpen}
      onFocus={onFocus}
    >
      {select !== undefined ? (
        <div role="gridcell" className="ui-register__cell ui-register__cell--select">
          {select ? (
            // A toggle button, out of the Tab order: the keyboard selects with Space on the row (the
            // register's keys), and the row's one control in the Tab order stays its reconcile box.
            <button
              type="button"
              className="ui-register__select"
              aria-label={`Select: ${row.name}`}
              aria-pressed={select.selected}
              tabIndex={-1}
              data-testid="select-row"
              onClick={(event) => {
                event.stopPropagation();
                select.onToggle(event.shiftKey);
              }}
            />
          ) : null}
        </div>
      ) : null}
      {reconcile ? (
        <div role="gridcell" className="ui-register__cell ui-register__cell--check">
          {/* While its change is on its way the box is aria-disabled, not disabled: a disabled box would drop the focus. */}
          <input
            type="checkbox"
            aria-label={`Reconciled: ${row.name}`}
            checked={statementId !== null}
            disabled={!reconcileEnabled(reconcile.statementId, statementId)}
            aria-disabled={busy ? true : undefined}
            tabIndex={controlTab}
            onClick={(event) => event.stopPropagation()}
            onChange={() => {
              if (!busy) reconcile.onToggle(row);
            }}
          />
        </div>
      ) : null}
      <div role="gridcell" className="ui-register__cell ui-register__cell--date">
        {formatDate(row.date)}
      </div>
      <div role="gridcell" className="ui-register__cell ui-register__cell--name" title={closedReason === null ? row.name : undefined} data-name-cell="name">
        {/* First in the cell: a long name is cut off, never the mark. */}
        {onDuplicate && row.transaction.duplicateOfTransactionId ? (
          <button
            type="button"
            className="ui-badge ui-badge--warning ui-register__duplicate"
            aria-label={`Possible duplicate: ${row.name}`}
            data-testid="duplicate-mark"
            tabIndex={controlTab}
            onClick={(event) => {
              event.stopPropagation();
              onDuplicate();
            }}
            onKeyDown={(event) => event.stopPropagation()}
          >
            Duplicate?
          </button>
        ) : row.transaction.duplicateOfTransactionId ? (
          <span
            className="ui-badge ui-badge--warning ui-register__duplicate"
            title="Possible duplicate: resolve it in its account's register"
            data-testid="duplicate-mark"
          >
            Duplicate?
          </span>
        ) : null}
        {row.name}
        {pending ? <span className="ui-badge ui-badge--muted">Pending</span> : null}
        {row.transaction.isNew ? (
          <span className="ui-badge ui-register__new" title={NEW_REASONS[row.transaction.newReason ?? ''] ?? 'New'} data-testid="new-mark">
            New
          </span>
        ) : null}
      </div>
      {showAccount ? (
        // A long account name is cut off with an ellipsis; its title (a mouse) and the name tip (touch, keyboard: NameTip.tsx) show it whole, and the cell's text keeps it whole for screen readers.
        <div role="gridcell" className="ui-register__cell ui-register__cell--account" title={row.account || undefined} data-testid="register-account" data-name-cell="account">
          {row.account}
        </div>
      ) : null}
      <div role="gridcell" className="ui-register__cell ui-register__cell--detail" title={row.detail || undefined} data-name-cell="detail">
        {row.detail}
      </div>
      <div role="gridcell" className="ui-register__cell ui-register__cell--amount">
        <Amount cents={row.amount} />
      </div>
      {showBalance ? (
        <div role="gridcell" className="ui-register__cell ui-register__cell--balance">
          {row.balance === null ? null : <Amount cents={row.balance} />}
        </div>
      ) : null}
    </div>
  );
}
