import { Link, Outlet, useLocation } from 'react-router';
import { PendingWritesNotice, rememberedRoute, SaveTray, Sidebar, ToolbarSpacer, useSession } from '@budget/web';
import { desktopItems } from './nav-model.js';
import { UserMenu } from './UserMenu.js';

/** Desktop (600px and wider): a toolbar across the top and the sidebar on the left. */
export function DesktopFrame() {
  const { pathname } = useLocation();
  const { isAdmin } = useSession();
  return (
    <div className="ui-frame">
      <header className="ui-frame__top">
        <Link to="/" className="ui-frame__brand">
          Budget
        </Link>
        <ToolbarSpacer />
        <PendingWritesNotice />
        <UserMenu />
      </header>
      <div className="ui-frame__body">
        <Sidebar items={desktopItems({ pathname, admin: isAdmin, target: rememberedRoute })} />
        <main className="ui-frame__main">
          <Outlet />
        </main>
      </div>
      <SaveTray />
    </div>
  );
}
