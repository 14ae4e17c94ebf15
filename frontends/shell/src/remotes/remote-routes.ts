import { isUnder, remoteForPath } from '@budget/contracts';

/** Which remote owns which page: one list with the API's static handler (`@budget/contracts`, pages.ts). */
export { isUnder, remoteForPath, type RemoteName } from '@budget/contracts';

/** The shell's own page behind sign-in (the remotes' pages are the others). */
export const USER_PAGE = '/user';

/** Whether a path is a page behind sign-in: the user page or a remote's; anything else is not found. */
export function isSignedInPage(pathname: string): boolean {
  return isUnder(USER_PAGE, pathname) || remoteForPath(pathname) !== null;
}
