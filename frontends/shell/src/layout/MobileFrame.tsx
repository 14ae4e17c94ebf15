import { Outlet, useLocation } from 'react-router';
import { BottomBar, BottomBarLabel, Menu, PendingWritesNotice, rememberedRoute, useSession } from '@budget/web';
import { mobileItems, moreItems } from './nav-model.js';

/** Mobile (under 600px): the page above a bottom icon bar. */
export function MobileFrame() {
  const { pathname } = useLocation();
  const { isAdmin } = useSession();
  const context = { pathname, admin: isAdmin, target: rememberedRoute };
  const more = (
    <Menu
      label={<BottomBarLabel icon="more" label="More" />}
      ariaLabel="More"
      triggerClassName="ui-bottom-bar__item"
      up
      alignEnd
      items={moreItems(context).map(({ label, to }) => ({ label, to }))}
    />
  );
  return (
    <div className="ui-frame ui-frame--mobile">
      <main className="ui-frame__main">
        <PendingWritesNotice />
        <Outlet />
      </main>
      <BottomBar items={mobileItems(context)} extra={more} />
    </div>
  );
}
