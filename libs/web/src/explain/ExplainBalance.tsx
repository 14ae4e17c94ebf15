import { useState } from 'react';
import { moneyDisplay } from '../money/money.js';
import { Amount } from '../ui/Amount.js';
import { Dialog } from '../ui/Dialog.js';
import { lazyParts, useLazyParts } from '../ui/lazy-parts.js';
import './explain-balance.css';

export { logMoment } from './log-moment.js';

export interface ExplainBalanceProps {
  /** What the balance belongs to. */
  subject: 'category' | 'account';
  id: string;
  /** Its name, for the button's label and the dialog's title. */
  name: string;
  /** The balance as the screen shows it, in cents. */
  cents: number;
  /**
   * The part of the shown balance that is its subcategories' (the Funding Pool's entry on Home):
   * the walk is of the category's own balance, and says so above it.
   */
  subcategories?: number;
  /** The button's test id (`explain-balance` unless told). */
  testId?: string;
}

/** The walk's code and styles arrive with the first balance opened (docs/architecture.md §9 "Weight"). */
const walkParts = lazyParts(() => import('./ExplainWalk.js'));

function LazyWalk(props: Omit<ExplainBalanceProps, 'testId'>) {
  const parts = useLazyParts(walkParts);
  return parts ? <parts.ExplainWalk {...props} /> : null;
}

/**
 * A balance that explains itself (README "Every cent explained"): the amount is a button, and the
 * dialog it opens walks from the opening balance through the totals by cause to the closing
 * balance, which is the register's. Any list may show its balances this way (a row's link and the
 * balance are siblings: a button never sits inside a link); only the button is in the first load.
 */
export function ExplainBalance({ testId = 'explain-balance', ...props }: ExplainBalanceProps) {
  const { name, cents } = props;
  const [open, setOpen] = useState(false);
  const { text } = moneyDisplay(cents);
  return (
    <>
      <button type="button" className="explain-balance" aria-label={`Explain the balance of ${name}: ${text}`} data-testid={testId} onClick={() => setOpen(true)}>
        <Amount cents={cents} />
      </button>
      <Dialog open={open} title={`How ${name} got to ${text}`} onClose={() => setOpen(false)} wide testId="explain-dialog">
        <LazyWalk {...props} />
      </Dialog>
    </>
  );
}
