import { Link, Outlet, useLocation } from 'react-router';
import { newRowsBadge, PendingWritesNotice, rememberedRoute, SaveTray, Sidebar, ToolbarSpacer, useNewTransactionsCount, useSession } from '@budget/web';
import { SkipLink } from './KeyboardShortcuts.js';
import { desktopItems } from './nav-model.js';
import { UserMenu } from './UserMenu.js';

/** Desktop (600px and wider): a toolbar across the top and the sidebar on the left. */
export function DesktopFrame() {
  const { pathname } = useLocation();
  const { isAdmin } = useSession();
  // The Accounts entry counts the rows not yet reviewed (docs/architecture.md §4.6 "Review state").
  const badge = newRowsBadge(useNewTransactionsCount());
  const items = desktopItems({ pathname, admin: isAdmin, target: rememberedRoute }).map((item) => (item.label === 'Accounts' ? { ...item, badge } : item));
  return (
    <div className="ui-frame">
      <SkipLink />
      <header className="ui-frame__top">
        <Link to="/" className="ui-frame__brand">
          Budget
        </Link>
        <ToolbarSpacer />
        <PendingWritesNotice />
        <UserMenu />
      </header>
      <div className="ui-frame__body">
        <Sidebar items={items} />
        <main className="ui-frame__main" id="main">
          <Outlet />
        </main>
      </div>
      <SaveTray />
    </div>
  );
}
