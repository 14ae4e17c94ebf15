export type RemoteName = 'home' | 'accounts' | 'reports' | 'admin';

/** Which remote owns which top-level routes (docs/architecture.md §9). */
export const REMOTE_ROUTES: Record<RemoteName, readonly string[]> = {
  home: ['/home', '/budget', '/bills', '/auto-assignments'],
  accounts: ['/accounts', '/search', '/schedules'],
  reports: ['/reports'],
  admin: ['/admin', '/logs'],
};

/** Whether `pathname` is `base` or lies under it. */
export function isUnder(base: string, pathname: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function remoteForPath(pathname: string): RemoteName | null {
  const names = Object.keys(REMOTE_ROUTES) as RemoteName[];
  return names.find((name) => REMOTE_ROUTES[name].some((base) => isUnder(base, pathname))) ?? null;
}

/** The shell's own page behind sign-in (the remotes' pages are the others). */
export const USER_PAGE = '/user';

/** Whether a path is a page behind sign-in: the user page or a remote's; anything else is not found. */
export function isSignedInPage(pathname: string): boolean {
  return isUnder(USER_PAGE, pathname) || remoteForPath(pathname) !== null;
}
