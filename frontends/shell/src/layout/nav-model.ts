import type { IconName, NavItem, RememberedKey } from '@budget/web';
import { isUnder } from '../remotes/remote-routes.js';

interface Destination {
  label: string;
  icon: IconName;
  base: string;
  /** Choosing it returns to the last selection under `base` when one is remembered. */
  remembered?: RememberedKey;
  adminOnly?: boolean;
}

/*
 * Spec §2 "Navigation". Plaid Logs is for the ADMIN role only. The spec's mobile Reports icon only
 * wrote a log line; ours goes to /reports like the desktop entry.
 */

/** The desktop sidebar, in the order of spec §2. */
const DESKTOP: readonly Destination[] = [
  { label: 'Home', icon: 'home', base: '/home', remembered: 'category' },
  { label: 'Month', icon: 'month', base: '/budget' },
  { label: 'Bills', icon: 'bills', base: '/bills' },
  { label: 'Schedules', icon: 'month', base: '/schedules' },
  { label: 'Accounts', icon: 'accounts', base: '/accounts', remembered: 'account' },
  { label: 'Search', icon: 'search', base: '/search' },
  { label: 'Reports', icon: 'reports', base: '/reports' },
  { label: 'Auto Assign', icon: 'rules', base: '/auto-assignments' },
  { label: 'Logs', icon: 'logs', base: '/logs' },
  { label: 'Plaid Logs', icon: 'logs', base: '/admin', adminOnly: true },
];

/** The mobile bar's link icons (More is added by the bar itself). */
const MOBILE: readonly Destination[] = [
  { label: 'Categories', icon: 'categories', base: '/home', remembered: 'category' },
  { label: 'Bills', icon: 'bills', base: '/bills' },
  { label: 'Accounts', icon: 'accounts', base: '/accounts', remembered: 'account' },
  { label: 'Reports', icon: 'reports', base: '/reports' },
];

/** The mobile More menu. */
const MORE: readonly (Destination & { icon: IconName })[] = [
  { label: 'Month', icon: 'month', base: '/budget' },
  { label: 'Schedules', icon: 'month', base: '/schedules' },
  { label: 'Account', icon: 'user', base: '/user' },
  { label: 'Auto Assign', icon: 'rules', base: '/auto-assignments' },
  { label: 'Search', icon: 'search', base: '/search' },
  { label: 'Logs', icon: 'logs', base: '/logs' },
  { label: 'Plaid Logs', icon: 'logs', base: '/admin', adminOnly: true },
];

export interface NavContext {
  pathname: string;
  admin: boolean;
  /** Where a remembered selection leads, e.g. `/home` → `/home/12`. */
  target: (base: string, key: RememberedKey) => string;
}

function items(destinations: readonly Destination[], { pathname, admin, target }: NavContext): NavItem[] {
  return destinations
    .filter((destination) => admin || !destination.adminOnly)
    .map(({ label, icon, base, remembered }) => ({
      label,
      icon,
      to: remembered ? target(base, remembered) : base,
      active: isUnder(base, pathname),
    }));
}

export const desktopItems = (context: NavContext) => items(DESKTOP, context);
export const mobileItems = (context: NavContext) => items(MOBILE, context);
export const moreItems = (context: NavContext) => items(MORE, context);

/**
 * The title of the page at `pathname` for the phone's header (docs/architecture.md §9): the label of the
 * destination it sits under, Categories for /home as on the bottom bar.
 */
export function pageTitle(pathname: string): string {
  const found = [...MOBILE, ...MORE, ...DESKTOP].find(({ base }) => isUnder(base, pathname));
  return found?.label ?? 'Budget';
}
