import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useIsMobile } from '../layout/use-is-mobile.js';
import { cx } from '../ui/class-names.js';
import { LoadError } from '../ui/LoadError.js';
import { Spinner } from '../ui/Spinner.js';
import { useNameTip } from './NameTip.js';
import { amountColumnChars, registerKey, withActiveRow } from './register-keys.js';
import type { RegisterRow } from './register-rows.js';
import { nearBottom, OVERSCAN_ROWS } from './register-window.js';
import { RegisterHead } from './RegisterHead.js';
import { RegisterRowView, type ReconcileColumn } from './RegisterRowView.js';
import type { RegisterSelection } from './register-selection.js';
import type { useRegister } from './use-register.js';
import { usePullRefresh } from './use-pull-refresh.js';

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
  /** A column of its own for each row's account, after the name (category and Unassigned registers). */
  showAccount?: boolean;
  showBalance: boolean;
  empty: string;
  reconcile?: ReconcileColumn;
  onOpen?: (row: RegisterRow) => void;
  /** Why a row does not open, or null when it does. */
  closedReason?: (row: RegisterRow) => string | null;
  /** Opens the duplicate dialog of a row flagged `duplicateOfTransactionId` (its mark shows only with this). */
  onDuplicate?: (row: RegisterRow) => void;
  /**
   * Rows selected for a bulk action (docs/architecture.md §4.6 "Bulk actions"): a checkbox per row
   * (Shift-click selects a range), Space toggles the active row, Shift+Up/Down extends.
   */
  selection?: RegisterSelection;
}

// A phone row holds two lines (name and amount; date, category and balance) in 52px: ten rows or more at 390×844 (docs/architecture.md §9 "Phone and touch").
const ROW_HEIGHT = { desktop: 40, mobile: 52 };
const HEAD_HEIGHT = { desktop: 36, mobile: 0 };

/**
 * The shared register (spec §2 "Register"): a grid virtualised by TanStack Virtual — only the
 * rows in view are drawn; scrolling within two viewport heights of the bottom loads the next 30;
 * pulling down past −100 reloads. It is one Tab stop: the focus sits on one row (roving
 * tabindex), the arrow keys, PageUp/PageDown and Home/End move it, Enter opens the row
 * (docs/architecture.md §9).
 */
export function Register({ label, rows, list, detailHeader, showAccount = false, showBalance, empty, reconcile, onOpen, closedReason, onDuplicate, selection }: RegisterProps) {
  const mobile = useIsMobile();
  const gridId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const pull = usePullRefresh(list.reload);
  const rowHeight = ROW_HEIGHT[mobile ? 'mobile' : 'desktop'];
  const [active, setActive] = useState(0);
  const [focusWanted, setFocusWanted] = useState(false);
  const [bodyTop, setBodyTop] = useState(HEAD_HEIGHT.desktop);
  const current = Math.min(active, Math.max(0, rows.length - 1));
  const { complete, loadingMore, loading, failed, loadMore } = list;
  // A name cut with an ellipsis is shown whole on a tap of its cell or while its row has the keyboard's focus (docs/architecture.md §9.8).
  const names = useNameTip(rows, { name: 'Name', account: 'Account', detail: detailHeader });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: bodyTop,
    getItemKey: (index) => rows[index]?.id ?? index,
    rangeExtractor: useCallback((range: Parameters<typeof defaultRangeExtractor>[0]) => withActiveRow(defaultRangeExtractor(range), current, range.count), [current]),
  });

  // The rows start below the header (and the pull-to-refresh strip): the virtualiser counts from there.
  useLayoutEffect(() => {
    const top = body.current?.offsetTop;
    if (top !== undefined && top !== bodyTop) setBodyTop(top);
  }, [bodyTop, mobile]);

  const scrollOffset = virtualizer.scrollOffset ?? 0;
  const viewportHeight = virtualizer.scrollRect?.height ?? 0;
  useEffect(() => {
    const el = scroller.current;
    if (!el || complete || loadingMore || loading || failed || viewportHeight === 0) return;
    if (nearBottom({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight, scrollHeight: el.scrollHeight })) loadMore();
  }, [scrollOffset, viewportHeight, rows.length, complete, loadingMore, loading, failed, loadMore]);

  // After a key moved the active row, the focus follows it once it is drawn.
  useEffect(() => {
    if (!focusWanted) return;
    setFocusWanted(false);
    scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"]`)?.focus({ preventScroll: true });
  }, [focusWanted, current]);

  const reasonOf = (row: RegisterRow) => closedReason?.(row) ?? null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('[role="row"][data-index]')) return;
    if (selection && event.key === ' ') {
      event.preventDefault();
      selection.toggle(current);
      return;
    }
    const outcome = registerKey(event.key, current, rows.length, Math.floor(viewportHeight / rowHeight) - 1);
    if (outcome === null) return;
    event.preventDefault();
    if (selection && event.shiftKey && 'move' in outcome && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) selection.extend(outcome.move);
    if ('open' in outcome) {
      const row = rows[current];
      if (row && onOpen && reasonOf(row) === null) onOpen(row);
      return;
    }
    setActive(outcome.move);
    setFocusWanted(true);
    virtualizer.scrollToIndex(outcome.move, { align: 'auto' });
  };

  // A failed load is an error with a retry, never the empty state.
  const status = loading || failed ? null : rows.length === 0 ? empty : null;
  const style = { '--reg-amount-w': `calc(${amountColumnChars(rows)}ch + 4px)` } as CSSProperties;
  return (
    <div className={cx('ui-register', showAccount && 'ui-register--account', showBalance && 'ui-register--balance', reconcile && 'ui-register--check', selection && 'ui-register--select')} style={style} data-testid="register">
      {/*
        A refresh in the background (after a save, or a change that came in) floats over the rows and
        takes no room: rows that moved while it came and went would put a click on the row beside
        the one aimed at. It shows only when the refresh lasts (theme.css), so a quick one does not flash.
      */}
      {list.refreshing ? <div className="ui-register__refreshing" data-testid="register-refreshing"><Spinner label="Refreshing" /></div> : null}
      <div
        ref={scroller}
        className="ui-register__scroller"
        onScroll={(event) => pull.onOverscroll(event.currentTarget.scrollTop)}
        {...pull.handlers}
      >
        <div className="ui-register__pull" style={{ height: -pull.offset }} aria-hidden="true">
          {pull.armed ? 'Release to refresh' : 'Pull to refresh'}
        </div>
        <div
          role="grid"
          aria-label={label}
          aria-rowcount={complete ? rows.length + 1 : -1}
          aria-readonly="true"
          className="ui-register__table"
          tabIndex={-1}
          data-focus-fallback=""
          onKeyDown={onKeyDown}
          onPointerDownCapture={names.gridProps.onPointerDownCapture}
          onClickCapture={names.gridProps.onClickCapture}
          onBlur={names.gridProps.onBlur}
          onFocus={(event) => {
            // A dialog closing over a row that is gone hands the focus here: on to the active row.
            if (event.target === event.currentTarget && rows.length > 0) setFocusWanted(true);
            names.gridProps.onFocus(event);
          }}
        >
          {mobile ? null : <RegisterHead detailHeader={detailHeader} showAccount={showAccount} showBalance={showBalance} reconcile={reconcile !== undefined} selection={selection} rowIds={rows.map((r) => r.id)} />}
          <div ref={body} role="rowgroup" className="ui-register__body" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const reason = reasonOf(row);
              return (
                <RegisterRowView
                  key={item.key}
                  id={`${gridId}-row-${row.id}`}
                  row={row}
                  index={item.index}
                  active={item.index === current}
                  style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`, height: rowHeight }}
                  showAccount={showAccount}
                  showBalance={showBalance}
                  reconcile={reconcile}
                  onOpen={onOpen && reason === null ? () => onOpen(row) : undefined}
                  onFocus={() => setActive(item.index)}
                  onFocusLost={() => setFocusWanted(true)}
                  closedReason={reason}
                  onDuplicate={onDuplicate && (() => onDuplicate(row))}
                  select={
                    selection?.selectable(row.id)
                      ? { selected: selection.selected.has(row.id), onToggle: (range) => (range ? selection.extend(item.index) : selection.toggle(item.index)) }
                      : selection
                        ? null
                        : undefined
                  }
                />
              );
            })}
          </div>
        </div>
        {names.tip}
        {failed ? <LoadError what={rows.length === 0 ? 'The register' : 'More rows'} error={list.error} onRetry={list.retry} retrying={list.refreshing} /> : null}
        {status ? <p className="ui-register__status ui-muted">{status}</p> : null}
        {loading || loadingMore ? <div className="ui-register__status"><Spinner /></div> : null}
      </div>
    </div>
  );
}
