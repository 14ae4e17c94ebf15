import { describe, expect, it } from 'vitest';
import { isSignedInPage, isUnder, remoteForPath } from './remote-routes.js';

describe('remoteForPath', () => {
  it.each([
    ['/home', 'home'],
    ['/home/12', 'home'],
    ['/home/rebalances', 'home'],
    ['/bills', 'home'],
    ['/auto-assignments', 'home'],
    ['/accounts/3', 'accounts'],
    ['/search', 'accounts'],
    ['/schedules', 'accounts'],
    ['/reports', 'reports'],
    ['/admin', 'admin'],
    ['/logs', 'admin'],
  ])('sends %s to the %s remote', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('matches whole path segments only', () => {
    expect(remoteForPath('/homework')).toBeNull();
    expect(remoteForPath('/user')).toBeNull();
    expect(isUnder('/home', '/home/')).toBe(true);
  });
});

describe('isSignedInPage', () => {
  it('is the user page and every remote page, and nothing else', () => {
    for (const path of ['/user', '/home', '/home/12', '/accounts/3', '/logs']) expect(isSignedInPage(path), path).toBe(true);
    for (const path of ['/no-such-page', '/homework', '/users', '/']) expect(isSignedInPage(path), path).toBe(false);
  });
});
