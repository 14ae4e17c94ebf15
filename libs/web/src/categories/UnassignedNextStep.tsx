import { categoryRegister } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';
import { ButtonLink } from '../ui/Button.js';
import { useCategories } from './use-categories.js';
import { categoryRegisterHref, unassignedNextStep } from './unassigned-next-step.js';

/**
 * After an import or a sync that added rows: "12 transactions need a category in Unassigned." with a
 * link to Home's Unassigned register, where a row's "Make a rule from this one" turns it into an
 * auto-assignment rule. The count is Unassigned's register total (one row fetched), reloaded with
 * the ledger after the import or sync.
 */
export function UnassignedNextStep({ added }: { added: number }) {
  const { data: tree } = useCategories();
  const unassignedId = tree?.unassigned?.id ?? null;
  const count = useRouteQuery(categoryRegister, added > 0 && unassignedId ? { params: { id: unassignedId }, query: { limit: 1 } } : null, {
    select: (answer) => answer.data.transactionsCount,
  });
  const message = unassignedNextStep(added, count.data ?? null);
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
