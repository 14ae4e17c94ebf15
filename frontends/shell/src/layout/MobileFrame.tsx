import { Outlet, useLocation } from 'react-router';
import { BottomBar, BottomBarLabel, Menu, newRowsBadge, PendingWritesNotice, rememberedRoute, SaveTray, useNewTransactionsCount, useSession } from '@budget/web';
import { SkipLink } from './KeyboardShortcuts.js';
import { mobileItems, moreItems, pageTitle } from './nav-model.js';

/**
 * Mobile (under 600px, docs/spec/product-spec.md §2 Navigation): a header with the page's title,
 * the page, and the bottom icon bar whose More menu holds the other destinations.
 */
export function MobileFrame() {
  const { pathname } = useLocation();
  const { isAdmin } = useSession();
  const context = { pathname, admin: isAdmin, target: rememberedRoute };
  // The Accounts icon counts the rows not yet reviewed (docs/architecture.md §4.6 "Review state").
  const badge = newRowsBadge(useNewTransactionsCount());
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
      <SkipLink />
      <header className="ui-frame__top mobile-header">
        {/* Not a heading: each page has its own <h1>; this names where the user is. */}
        <span className="mobile-header__title" data-testid="mobile-title">
          {pageTitle(pathname)}
        </span>
      </header>
      <main className="ui-frame__main" id="main">
        <PendingWritesNotice />
        <Outlet />
      </main>
      <SaveTray />
      <BottomBar items={mobileItems(context).map((item) => (item.label === 'Accounts' ? { ...item, badge } : item))} extra={more} />
    </div>
  );
}
