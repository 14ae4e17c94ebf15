import { Link } from 'react-router';
import { parseDollars } from '@budget/money';
import { Amount, cx, ExplainBalance, toIsoDate, type CategoryTree } from '@budget/web';
import { useBudget } from '../budget/budget-data.js';
import { EditIcon } from '../budget/EditIcon.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import '../budget/budget.css';
import { GoalProgress } from './GoalProgress.js';
import { goalView } from './goal-view.js';
import { INDENT_PX, treeRows, type TreeRow } from './tree-rows.js';
import { useUnassignedCount } from './use-unassigned-count.js';

/**
 * The category tree as a list: categories link to their registers and carry an edit button;
 * choosing a group heading edits the group. A category's balance is a button beside its link (a
 * button never nests in a link) that opens the walk of that balance (docs/architecture.md §9
 * "Every balance explains itself"). A goal's row adds its progress bar and what is still to fund
 * (§9.3 "Explicit goals").
 */
export function CategoryList({ tree, selectedPath }: { tree: CategoryTree; selectedPath: string }) {
  const unassignedCount = useUnassignedCount(tree);
  const dialogs = useBudgetDialogs();
  const pool = tree.fundingPool;
  const { data: budget } = useBudget();
  const today = toIsoDate(new Date());
  // The goals by id, once per render: the tree's rows look them up, not a scan of every category each.
  const goals = new Map((budget?.categories ?? []).filter((c) => c.type === 'GOAL').map((c) => [c.id, c]));
  const goalOf = (row: TreeRow) => {
    const category = row.categoryId === null || row.balance === null ? undefined : goals.get(row.categoryId);
    const target = category?.type === 'GOAL' ? (parseDollars(category.fundingAmount) ?? 0) : 0;
    return category && target > 0 ? goalView({ type: 'GOAL', target, balance: row.balance!, goalDate: category.goalDate, recurrence: category.recurrence, today }) : null;
  };
  const label = (row: TreeRow) => (
    <span className="category-list__label">
      {row.label}
      {row.categoryId !== null && row.categoryId === tree.unassigned?.id && unassignedCount ? (
        <span className="ui-badge" data-testid="unassigned-count" aria-label={`${unassignedCount} unassigned`}>
          {unassignedCount}
        </span>
      ) : null}
    </span>
  );
  return (
    <>
      <ul className="category-list" aria-label="Categories" data-testid="category-list">
        {treeRows(tree).map((row) => {
          const style = { paddingLeft: 12 + row.level * INDENT_PX };
          const balance = row.balance === null ? null : <Amount cents={row.balance} />;
          const goal = goalOf(row);
          return (
            <li key={row.key} className={cx('category-list__entry', row.section && 'category-list__separator', goal && 'category-list__entry--goal')}>
              {row.to === null ? (
                <button
                  type="button"
                  className="category-list__item category-list__item--group"
                  style={style}
                  title="Edit group"
                  data-testid={`group-${row.groupId}`}
                  onClick={() => row.groupId !== null && dialogs.editGroup(row.groupId)}
                >
                  {label(row)}
                  <span className="ui-visually-hidden">(edit group)</span>
                  {balance}
                </button>
              ) : (
                <>
                  <Link
                    to={row.to}
                    className="category-list__item"
                    style={style}
                    data-testid={row.categoryId === null ? 'category-transfers' : `category-${row.categoryId}`}
                    aria-current={row.to === selectedPath ? 'page' : undefined}
                  >
                    {label(row)}
                    {row.categoryId === null ? balance : null}
                  </Link>
                  {row.categoryId !== null && row.balance !== null ? (
                    <span className="category-list__balance">
                      <ExplainBalance
                        subject="category"
                        id={row.categoryId}
                        name={tree.categories.get(row.categoryId)?.path ?? row.label}
                        cents={row.balance}
                        // The Funding Pool's entry holds its subcategories' balances: its walk is of its own.
                        subcategories={pool && row.categoryId === pool.id ? row.balance - pool.balance : 0}
                        testId={`category-balance-${row.categoryId}`}
                      />
                    </span>
                  ) : null}
                </>
              )}
              {row.editable && row.categoryId !== null ? (
                <button type="button" className="category-list__edit" aria-label={`Edit ${row.label}`} title="Edit category" onClick={() => dialogs.editCategory(row.categoryId!)}>
                  <EditIcon />
                </button>
              ) : row.groupId !== null ? (
                <button type="button" className="category-list__edit" aria-label={`Edit group ${row.label}`} title="Edit group" onClick={() => dialogs.editGroup(row.groupId!)}>
                  <EditIcon />
                </button>
              ) : (
                <span className="category-list__edit category-list__edit--none" aria-hidden="true" />
              )}
              {goal ? (
                <div className="category-list__goal" style={style}>
                  <GoalProgress name={row.label} view={goal} testId={`goal-${row.categoryId}`} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {dialogs.element}
    </>
  );
}
