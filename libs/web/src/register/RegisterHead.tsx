/** The column headers of the register (desktop only; phones stack each row). */
export function RegisterHead({ detailHeader, showAccount = false, showBalance, reconcile }: { detailHeader: string; showAccount?: boolean; showBalance: boolean; reconcile: boolean }) {
  return (
    <div role="rowgroup" className="ui-register__head">
      <div role="row" aria-rowindex={1} className="ui-register__row ui-register__row--head">
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
