import { Button, Menu, Toolbar } from '@budget/web';

const UNAVAILABLE = 'Available once budgeting is enabled';

/** Add… (Group, Category, Bill, Goal), Rebalance and Fund. */
export function HomeToolbar() {
  const add = ['Group', 'Category', 'Bill', 'Goal'].map((label) => ({ label, disabled: true, title: UNAVAILABLE }));
  return (
    <Toolbar aria-label="Budget actions">
      <Menu label="Add…" items={add} />
      <Button disabled title={UNAVAILABLE}>
        Rebalance
      </Button>
      <Button disabled title={UNAVAILABLE}>
        Fund
      </Button>
    </Toolbar>
  );
}
