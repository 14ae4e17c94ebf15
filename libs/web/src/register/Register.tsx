import { useEffect, useRef } from 'react';
import { useIsMobile } from '../layout/use-is-mobile.js';
import { cx } from '../ui/class-names.js';
import { LoadError } from '../ui/LoadError.js';
import { Spinner } from '../ui/Spinner.js';
import type { RegisterRow } from './register-rows.js';
import { nearBottom, visibleRange } from './register-window.js';
import { RegisterHead } from './RegisterHead.js';
import { RegisterRowView, type ReconcileColumn } from './RegisterRowView.js';
import type { useRegister } from './use-register.js';
import { usePullRefresh } from './use-pull-refresh.js';
import { useScrollBox } from './use-scroll-box.js';

export type RegisterList = Pick<
  ReturnType<typeof useRegister>,
  'loading' | 'failed' | 'error' | 'loadingMore' | 'complete' | 'refreshing' | 'loadMore' | 'reload' | 'retry'
>;

export interface RegisterProps {
  label: string;
  rows: readonly RegisterRow[];
  list: RegisterList;
  /** The header of the detail column: "Category" or "Account". */
  detailHeader: string;
  showBalance: boolean;
  empty: string;
  reconcile?: ReconcileColumn;
  onOpen?: (row: RegisterRow) => void;
  /** Why a row does not open, or null when it does. */
  closedReason?: (row: RegisterRow) => string | null;
  /** Opens the duplicate dialog of a row flagged `duplicateOfTransactionId` (its mark shows only with this). */
  onDuplicate?: (row: RegisterRow) => void;
}

const ROW_HEIGHT = { desktop: 40, mobile: 60 };
const HEAD_HEIGHT = { desktop: 36, mobile: 0 };

/**
 * The shared register (spec §2 "Register"): only the rows in view are drawn; scrolling within
 * two viewport heights of the bottom loads the next 30; pulling down past −100 reloads.
 */
export function Register({ label, rows, list, detailHeader, showBalance, empty, reconcile, onOpen, closedReason, onDuplicate }: RegisterProps) {
  const mobile = useIsMobile();
  const scroller = useRef<HTMLDivElement>(null);
  const box = useScrollBox(scroller);
  const pull = usePullRefresh(list.reload);
  const rowHeight = ROW_HEIGHT[mobile ? 'mobile' : 'desktop'];
  const head = HEAD_HEIGHT[mobile ? 'mobile' : 'desktop'];
  const { start, end } = visibleRange(box.scrollTop - head, box.viewportHeight, rowHeight, rows.length);
  const { complete, loadingMore, loading, failed, loadMore } = list;

  useEffect(() => {
    const el = scroller.current;
    if (!el || complete || loadingMore || loading || failed || box.viewportHeight === 0) return;
    if (nearBottom({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight, scrollHeight: el.scrollHeight })) loadMore();
  }, [box.scrollTop, box.viewportHeight, rows.length, complete, loadingMore, loading, failed, loadMore]);

  // A failed load is an error with a retry, never the empty state.
  const status = loading || failed ? null : rows.length === 0 ? empty : null;
  return (
    <div className={cx('ui-register', showBalance && 'ui-register--balance', reconcile && 'ui-register--check')} data-testid="register">
      <div
        ref={scroller}
        className="ui-register__scroller"
        onScroll={(event) => {
          box.onScroll(event);
          pull.onOverscroll(event.currentTarget.scrollTop);
        }}
        {...pull.handlers}
      >
        <div className="ui-register__pull" style={{ height: -pull.offset }} aria-hidden="true">
          {pull.armed ? 'Release to refresh' : 'Pull to refresh'}
        </div>
        {list.refreshing ? <div className="ui-register__refreshing"><Spinner label="Refreshing" /></div> : null}
        <div role="table" aria-label={label} aria-rowcount={complete ? rows.length + 1 : -1} className="ui-register__table">
          {mobile ? null : <RegisterHead detailHeader={detailHeader} showBalance={showBalance} reconcile={reconcile !== undefined} />}
          <div role="rowgroup" className="ui-register__body" style={{ height: rows.length * rowHeight }}>
            {rows.slice(start, end).map((row, offset) => {
              const index = start + offset;
              const reason = closedReason?.(row) ?? null;
              return (
                <RegisterRowView
                  key={row.id}
                  row={row}
                  index={index}
                  style={{ top: index * rowHeight, height: rowHeight }}
                  showBalance={showBalance}
                  reconcile={reconcile}
                  onOpen={onOpen && reason === null ? () => onOpen(row) : undefined}
                  closedReason={reason}
                  onDuplicate={onDuplicate && (() => onDuplicate(row))}
                />
              );
            })}
          </div>
        </div>
        {failed ? <LoadError what={rows.length === 0 ? 'The register' : 'More rows'} error={list.error} onRetry={list.retry} retrying={list.refreshing} /> : null}
        {status ? <p className="ui-register__status ui-muted">{status}</p> : null}
        {loading || loadingMore ? <div className="ui-register__status"><Spinner /></div> : null}
      </div>
    </div>
  );
}
