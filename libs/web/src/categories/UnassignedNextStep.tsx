import { categoryRegister } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';
import { ButtonLink } from '../ui/Button.js';
import { useCategories } from './use-categories.js';
import { categoryRegisterHref, unassignedNextStep } from './unassigned-next-step.js';

/**
 * After an import or a sync that added rows: "3 new transactions need a category." with a link to
 * Home's Unassigned register, where a row's "Make a rule from this one" turns it into an
 * auto-assignment rule. The count is the answer's `unassigned` (new rows no rule claimed); when the
 * answer lacks it, Unassigned's register total (one row fetched), reloaded with the ledger.
 */
export function UnassignedNextStep({ added, unassigned }: { added: number; unassigned?: number | undefined }) {
  const { data: tree } = useCategories();
  const unassignedId = tree?.unassigned?.id ?? null;
  const needsTotal = added > 0 && unassigned === undefined && unassignedId !== null;
  const count = useRouteQuery(categoryRegister, needsTotal ? { params: { id: unassignedId }, query: { limit: 1 } } : null, {
    select: (answer) => answer.data.transactionsCount,
  });
  const message = unassignedNextStep(added, count.data ?? null, unassigned);
  if (!message || !unassignedId) return null;
  return (
    <p className="ui-notice" data-testid="unassigned-next-step">
      {message}{' '}
      <ButtonLink variant="text" to={categoryRegisterHref(unassignedId)}>
        Assign them
      </ButtonLink>
    </p>
  );
}
