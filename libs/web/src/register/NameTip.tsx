import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { isCut, tipPlace, type NameCell } from './name-tip.js';
import type { RegisterRow } from './register-rows.js';

interface Tip {
  row: RegisterRow;
  /** The row's cells cut with an ellipsis, in the row's order. */
  cells: readonly NameCell[];
  /** The tapped cell, or the focused row. */
  anchor: HTMLElement;
  by: 'touch' | 'keyboard';
}

const CELLS: readonly NameCell[] = ['name', 'account', 'detail'];
const ROW = '[role="row"][data-index]';

function cutCells(rowElement: Element): NameCell[] {
  return CELLS.filter((cell) => {
    const element = rowElement.querySelector<HTMLElement>(`[data-name-cell="${cell}"]`);
    return element !== null && isCut(element);
  });
}

const textOf = (row: RegisterRow, cell: NameCell) => (cell === 'name' ? row.name : cell === 'account' ? row.account : row.detail);

/** The tip itself, in the body (a moving pane's transform would otherwise place it), kept on the screen. */
function NameTipView({ tip, labels }: { tip: Tip; labels: Readonly<Record<NameCell, string>> }) {
  const element = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const view = tip.anchor.ownerDocument.defaultView;
    const measure = () => {
      const box = element.current?.getBoundingClientRect();
      if (!box || !view) return;
      setPlace(tipPlace(tip.anchor.getBoundingClientRect(), box, { width: view.innerWidth, height: view.innerHeight }));
    };
    measure();
    // A keyboard tip follows its row as the register scrolls to it.
    view?.addEventListener('scroll', measure, true);
    return () => view?.removeEventListener('scroll', measure, true);
  }, [tip]);
  return createPortal(
    <div
      ref={element}
      // What it shows, the cells' own text already gives a screen reader whole: the tip is for the eyes.
      aria-hidden="true"
      className={`ui-popover ui-name-tip ui-name-tip--${tip.by}`}
      style={place ?? { left: 0, top: 0, visibility: 'hidden' }}
      data-testid="name-tip"
    >
      {tip.cells.map((cell) => (
        <p key={cell} className="ui-name-tip__line">
          <span className="ui-name-tip__label">{labels[cell]}</span> {textOf(tip.row, cell)}
        </p>
      ))}
    </div>,
    tip.anchor.ownerDocument.body,
  );
}

/**
 * Whole names in a register (docs/architecture.md §9.8 "Phone and touch"): a tap (touch or pen) on
 * a cell cut with an ellipsis shows the row's cut names in a tip instead of opening the row (a tap
 * anywhere else still opens it); a row reached by the keyboard shows the tip while it has the focus;
 * a mouse has each cell's `title`. Escape closes it; a touch tip also closes on the next press or a
 * scroll. The handlers go on the grid; the tip is drawn wherever `tip` is placed.
 */
export function useNameTip(rows: readonly RegisterRow[], labels: Readonly<Record<NameCell, string>>) {
  const [tip, setTip] = useState<Tip | null>(null);
  const pointer = useRef('mouse');
  const rowAt = (element: Element | null) => {
    const index = element?.getAttribute('data-index');
    return index == null ? undefined : rows[Number(index)];
  };

  useEffect(() => {
    if (!tip) return undefined;
    const doc = tip.anchor.ownerDocument;
    const close = () => setTip(null);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onTouchGone = () => {
      if (tip.by === 'touch') close();
    };
    doc.addEventListener('keydown', onKey, true);
    doc.addEventListener('pointerdown', onTouchGone, true);
    doc.addEventListener('scroll', onTouchGone, true);
    doc.defaultView?.addEventListener('resize', close);
    return () => {
      doc.removeEventListener('keydown', onKey, true);
      doc.removeEventListener('pointerdown', onTouchGone, true);
      doc.removeEventListener('scroll', onTouchGone, true);
      doc.defaultView?.removeEventListener('resize', close);
    };
  }, [tip]);

  const gridProps = {
    onPointerDownCapture: (event: PointerEvent<HTMLElement>) => {
      pointer.current = event.pointerType;
    },
    onClickCapture: (event: MouseEvent<HTMLElement>) => {
      const by = pointer.current;
      pointer.current = 'mouse';
      if (by !== 'touch' && by !== 'pen') return;
      const target = event.target as Element;
      // The row's own controls (select, reconcile, the duplicate mark) keep their taps.
      if (target.closest('button, input, a')) return;
      const cell = target.closest<HTMLElement>('[data-name-cell]');
      const rowElement = cell?.closest(ROW) ?? null;
      const row = rowAt(rowElement);
      if (!cell || !rowElement || !row || !isCut(cell)) return;
      event.stopPropagation();
      event.preventDefault();
      setTip({ row, cells: cutCells(rowElement), anchor: cell, by: 'touch' });
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      const target = event.target;
      if (!target.matches(ROW) || !target.matches(':focus-visible')) return;
      const row = rowAt(target);
      const cells = cutCells(target);
      setTip(row && cells.length > 0 ? { row, cells, anchor: target, by: 'keyboard' } : null);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const target = event.target;
      setTip((current) => (current?.by === 'keyboard' && current.anchor === target ? null : current));
    },
  };
  const view: ReactNode = tip ? <NameTipView tip={tip} labels={labels} /> : null;
  return { gridProps, tip: view };
}
