/**
 * The web app's pages (product-spec §2), one list for the shell's router and the API's static
 * handler: each remote's top-level routes (docs/architecture.md §9), and the shell's own pages. A
 * page loaded or reloaded at one of these paths, or under one, answers 200; `pages.spec.ts` keeps
 * the list to every `<Route path>` the front ends declare.
 */
export type RemoteName = 'home' | 'accounts' | 'reports' | 'admin';

/** Which remote owns which top-level routes. */
export const REMOTE_PAGES: Record<RemoteName, readonly string[]> = {
  home: ['/home', '/budget', '/bills', '/auto-assignments'],
  accounts: ['/accounts', '/search', '/schedules'],
  reports: ['/reports'],
  admin: ['/admin', '/logs'],
};

/** The shell's own pages: the public ones and the user page. */
export const SHELL_PAGES: readonly string[] = ['/', '/signup', '/signin', '/recover-password', '/terms', '/privacy', '/user'];

/** Whether `pathname` is `base` or lies under it. */
export function isUnder(base: string, pathname: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The remote whose page `pathname` is, or null. */
export function remoteForPath(pathname: string): RemoteName | null {
  const names = Object.keys(REMOTE_PAGES) as RemoteName[];
  return names.find((name) => REMOTE_PAGES[name].some((base) => isUnder(base, pathname))) ?? null;
}
