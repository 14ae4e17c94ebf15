import { Button, Menu, Toolbar } from '@budget/web';
import { UserCategoryType } from '../budget/budget-data.js';
import { useBudgetDialogs } from '../budget/use-budget-dialogs.js';

/** Add… (Group, Category, Bill, Goal), Rebalance and Fund, each opening its dialog. */
export function HomeToolbar() {
  const dialogs = useBudgetDialogs();
  const disabled = !dialogs.ready;
  const add = [
    { label: 'Group', disabled, onSelect: () => dialogs.open({ kind: 'group', group: null }) },
    { label: 'Category', disabled, onSelect: () => dialogs.open({ kind: 'category', target: UserCategoryType.Regular }) },
    { label: 'Bill', disabled, onSelect: () => dialogs.open({ kind: 'category', target: UserCategoryType.Bill }) },
    { label: 'Goal', disabled, onSelect: () => dialogs.open({ kind: 'category', target: UserCategoryType.Goal }) },
  ];
  return (
    <>
      <Toolbar aria-label="Budget actions">
        <Menu label="Add…" items={add} testId="add-menu" />
        <Button disabled={disabled} onClick={() => dialogs.open({ kind: 'rebalance', stored: null })}>
          Rebalance
        </Button>
        <Button variant="primary" disabled={disabled} data-shortcut="fund" aria-keyshortcuts="f" onClick={() => dialogs.open({ kind: 'funding', stored: null })}>
          Fund
        </Button>
      </Toolbar>
      {dialogs.element}
    </>
  );
}
