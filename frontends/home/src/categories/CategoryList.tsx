import { Link } from 'react-router';
import { Amount, type CategoryTree } from '@budget/web';
import { INDENT_PX, treeRows } from './tree-rows.js';
import { useUnassignedCount } from './use-unassigned-count.js';

/** The category tree as a list; categories link to their registers. */
export function CategoryList({ tree, selectedPath }: { tree: CategoryTree; selectedPath: string }) {
  const unassignedCount = useUnassignedCount(tree);
  return (
    <ul className="category-list" aria-label="Categories" data-testid="category-list">
      {treeRows(tree).map((row) => {
        const content = (
          <>
            <span>
              {row.label}
              {row.categoryId !== null && row.categoryId === tree.unassigned?.id && unassignedCount ? (
                <span className="ui-badge" data-testid="unassigned-count" aria-label={`${unassignedCount} unassigned`}>
                  {unassignedCount}
                </span>
              ) : null}
            </span>
            {row.balance === null ? null : <Amount cents={row.balance} />}
          </>
        );
        const style = { paddingLeft: 12 + row.level * INDENT_PX };
        return (
          <li key={row.key} className={row.section ? 'category-list__separator' : undefined}>
            {row.to === null ? (
              <div className="category-list__item category-list__item--group" style={style}>
                {content}
              </div>
            ) : (
              <Link
                to={row.to}
                className="category-list__item"
                style={style}
                data-testid={row.categoryId === null ? 'category-transfers' : `category-${row.categoryId}`}
                aria-current={row.to === selectedPath ? 'page' : undefined}
              >
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
