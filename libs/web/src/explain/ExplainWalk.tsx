import { useState } from 'react';
import { explainAccountBalance, explainCategoryBalance, type RouteResponse } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';
import { formatDate } from '../dates/format-date.js';
import { moneyDisplay, wireCents } from '../money/money.js';
import { Amount } from '../ui/Amount.js';
import { Loaded } from '../ui/LoadError.js';
import { cx } from '../ui/class-names.js';
import type { ExplainBalanceProps } from './ExplainBalance.js';
import { logMoment } from './log-moment.js';
import './explain.css';

type Explanation = RouteResponse<typeof explainCategoryBalance>['data'];

/**
 * The walk of a balance (README "Every cent explained"), fetched with the first balance a user
 * opens (docs/architecture.md §9: never in /home's first load): from the opening balance through
 * the totals by cause — each listing its transactions and their log lines — to the closing
 * balance, which is the register's.
 */
export function ExplainWalk({ subject, id, name, cents, subcategories = 0 }: Omit<ExplainBalanceProps, 'testId'>) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { ...(from && { from }), ...(to && { to }) };
  const request = { params: { id }, query };
  const category = useRouteQuery(explainCategoryBalance, subject === 'category' ? request : null);
  const account = useRouteQuery(explainAccountBalance, subject === 'account' ? request : null);
  const walk = subject === 'category' ? category : account;
  return (
    <div className="explain-walk">
      {subcategories !== 0 ? (
        <p className="explain-walk__note" data-testid="explain-note">
          {`${moneyDisplay(cents).text} is ${name}'s own ${moneyDisplay(cents - subcategories).text}, walked below, and ${moneyDisplay(subcategories).text} in its subcategories, each of which explains its own.`}
        </p>
      ) : null}
      <div className="explain-walk__range">
        <label>
          From <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <Loaded query={walk} what="The explanation">
        {(answer) => <Walk explanation={answer.data} />}
      </Loaded>
    </div>
  );
}

function Walk({ explanation }: { explanation: Explanation }) {
  const { from, to, openingBalance, causes, closingBalance, registerBalance } = explanation;
  return (
    <ol className="explain-walk__steps" aria-label="How the balance came to be">
      <li className="explain-walk__total" data-testid="explain-opening">
        <span>Opening balance{from ? ` on ${formatDate(from)}` : ''}</span>
        <Amount cents={wireCents(openingBalance)} />
      </li>
      {causes.length === 0 ? <li className="ui-muted">Nothing moved it{from || to ? ' in these dates' : ''}.</li> : null}
      {causes.map((cause) => (
        <li key={cause.cause} data-testid={`explain-cause-${cause.cause}`}>
          <details>
            <summary className="explain-walk__cause">
              <span>
                {cause.label} <span className="ui-muted">({cause.count})</span>
              </span>
              <Amount cents={wireCents(cause.total)} />
            </summary>
            <ul className="explain-walk__items">
              {cause.items.map((item) => (
                <li key={item.id} className="explain-walk__item">
                  <div className="explain-walk__item-head">
                    <span>{item.date ? formatDate(item.date) : ''}</span>
                    <span className="explain-walk__name">{item.name ?? ''}{item.pending ? ' (pending)' : ''}</span>
                    <Amount cents={wireCents(item.amount)} />
                  </div>
                  {item.events.length > 0 ? (
                    <ul className="explain-walk__events" aria-label="Log">
                      {item.events.map((event) => (
                        <li key={event.id}>
                          <time dateTime={event.createdAt} className="ui-muted">{logMoment(event.createdAt)}</time> {event.message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
              {cause.count > cause.items.length ? <li className="ui-muted">and {cause.count - cause.items.length} older</li> : null}
            </ul>
          </details>
        </li>
      ))}
      <li className={cx('explain-walk__total', 'explain-walk__total--closing')} data-testid="explain-closing">
        <span>Closing balance{to ? ` on ${formatDate(to)}` : ''}</span>
        <Amount cents={wireCents(closingBalance)} />
      </li>
      {to ? (
        <li className="explain-walk__total ui-muted">
          <span>Balance now</span>
          <Amount cents={wireCents(registerBalance)} />
        </li>
      ) : null}
    </ol>
  );
}
