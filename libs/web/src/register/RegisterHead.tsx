import type { Id } from '../data/id.js';
import type { RegisterSelection } from './register-selection.js';

interface RegisterHeadProps {
  detailHeader: string;
  showAccount?: boolean;
  showBalance: boolean;
  reconcile: boolean;
  /** The bulk-action selection: its header holds "select all loaded rows". */
  selection?: RegisterSelection | undefined;
  rowIds?: readonly Id[];
}

/** The column headers of the register (desktop only; phones stack each row). */
export function RegisterHead({ detailHeader, showAccount = false, showBalance, reconcile, selection, rowIds = [] }: RegisterHeadProps) {
  const selectable = selection ? rowIds.filter(selection.selectable) : [];
  const all = selectable.length > 0 && selectable.every((id) => selection?.selected.has(id));
  return (
    <div role="rowgroup" className="ui-register__head">
      <div role="row" aria-rowindex={1} className="ui-register__row ui-register__row--head">
        {selection ? (
          <div role="columnheader" className="ui-register__cell ui-register__cell--select">
            <input type="checkbox" aria-label="Select all loaded rows" checked={all} onChange={() => selection.toggleAll()} data-testid="select-all" />
          </div>
        ) : null}
        {reconcile ? (
          <div role="columnheader" className="ui-register__cell ui-register__cell--check" title="Reconciled">
            R
          </div>
        ) : null}
        <div role="columnheader" className="ui-register__cell ui-register__cell--date">
          Date
        </div>
        <div role="columnheader" className="ui-register__cell ui-register__cell--name">
          Name
        </div>
        {showAccount ? (
          <div role="columnheader" className="ui-register__cell ui-register__cell--account">
            Account
          </div>
        ) : null}
        <div role="columnheader" className="ui-register__cell ui-register__cell--detail">
          {detailHeader}
        </div>
        <div role="columnheader" className="ui-register__cell ui-register__cell--amount">
          Amount
        </div>
        {showBalance ? (
          <div role="columnheader" className="ui-register__cell ui-register__cell--balance">
            Balance
          </div>
        ) : null}
      </div>
    </div>
  );
}
