import { DIALOG_INDENT_PX } from './dialog-rows.js';

/** A group's heading in the funding and rebalance lists, indented 28px per level. */
export function GroupHeadingRow({ name, level }: { name: string; level: number }) {
  return (
    <div className="budget-list__row budget-list__row--group" role="row">
      <span role="rowheader" style={{ paddingLeft: level * DIALOG_INDENT_PX }}>
        {name}
      </span>
    </div>
  );
}
