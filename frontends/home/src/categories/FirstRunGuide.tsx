import { listConnectedAccounts } from '@budget/contracts';
import { Button, ButtonLink, Card, useRouteQuery, type CategoryTree } from '@budget/web';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';
import { firstRunSteps } from './first-run.js';
import './first-run.css';

/**
 * A new budget's next steps (README "Month view", first run): add an account, then fund your
 * categories (its button opens Fund) — shown above the category tree until both are done, so a new user is not left
 * with two dozen categories at 0.00. The tree stays below it.
 */
export function FirstRunGuide({ tree }: { tree: CategoryTree }) {
  const institutions = useRouteQuery(listConnectedAccounts, {});
  const dialogs = useBudgetDialogs();
  if (!institutions.isSuccess) return null;
  const steps = firstRunSteps(institutions.data.data, [...tree.categories.values()]);
  if (steps === null) return null;
  return (
    <Card className="first-run" title="Start your budget" data-testid="first-run">
      <ol className="first-run__steps">
        <li className={steps.account ? 'first-run__done' : undefined}>
          {steps.account ? (
            <span>Account added.</span>
          ) : (
            <>
              <span>Add an account: the money you have now becomes Ready to fund.</span>
              <ButtonLink variant="primary" to="/accounts">Add an account</ButtonLink>
            </>
          )}
        </li>
        <li>
          <span>Fund your categories: give every category its share of Ready to fund.</span>
          <Button variant={steps.account ? 'primary' : 'secondary'} disabled={!dialogs.ready} onClick={() => dialogs.open({ kind: 'funding', stored: null })}>
            Choose amounts
          </Button>
        </li>
      </ol>
      <p className="first-run__more">
        See each month&rsquo;s figures in the <ButtonLink to="/budget">month view</ButtonLink>.
      </p>
      {dialogs.element}
    </Card>
  );
}
