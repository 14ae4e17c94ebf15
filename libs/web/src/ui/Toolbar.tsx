import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';

/** A row of actions; `<ToolbarSpacer />` pushes what follows to the right. */
export function Toolbar({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div role="toolbar" className={cx('ui-toolbar', className)} {...props} />;
}

export function ToolbarSpacer() {
  return <span className="ui-toolbar__spacer" />;
}
