import { moneyDisplay } from '../money/money.js';
import { cx } from './class-names.js';

/** Integer cents shown as dollars; negative amounts take the negative style. */
export function Amount({ cents }: { cents: number }) {
  const { text, negative } = moneyDisplay(cents);
  return <span className={cx('ui-amount', negative && 'ui-amount--negative')}>{text}</span>;
}
