import { Menu, useSession } from '@budget/web';

/** The drop-down titled with the username: Account, the keyboard shortcuts (as "?" opens them) and Sign Out. */
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
        { label: 'Keyboard Shortcuts', onSelect: () => document.dispatchEvent(new KeyboardEvent('keydown', { key: '?' })) },
        { label: 'Sign Out', onSelect: () => void signOut() },
      ]}
    />
  );
}
