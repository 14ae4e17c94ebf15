import { Menu, useSession } from '@budget/web';

/** The drop-down titled with the username: Account and Sign Out. */
export function UserMenu() {
  const { user, signOut } = useSession();
  return (
    <Menu
      label={user?.username ?? 'Account'}
      triggerClassName="ui-button ui-button--text"
      testId="user-menu"
      alignEnd
      items={[
        { label: 'Account', to: '/user' },
        { label: 'Sign Out', onSelect: () => void signOut() },
      ]}
    />
  );
}
