import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { isUnder, REMOTE_PAGES, remoteForPath, SHELL_PAGES, type RemoteName } from './pages.js';

const frontends = fileURLToPath(new URL('../../../../frontends/', import.meta.url));

/** Every `<Route path="/…">` a front end declares (its `src`, specs left out), as a path with each `:param` filled in. */
function declaredRoutes(app: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.tsx') && !entry.name.includes('.spec.')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/<Route\b[^>]*\bpath="(\/[^"]*)"/g)) found.push(match[1]!.replace(/:[^/]+/g, 'x'));
      }
    }
  };
  walk(join(frontends, app, 'src'));
  return found;
}

test("every page a remote routes to is that remote's (the shell sends it there; the API answers it 200, not its 404)", () => {
  for (const remote of Object.keys(REMOTE_PAGES) as RemoteName[]) {
    const routes = declaredRoutes(remote);
    expect(routes.length, remote).toBeGreaterThan(0);
    for (const path of routes) expect(remoteForPath(path), `${path} (frontends/${remote})`).toBe(remote);
    // No page in the list that the remote does not route to.
    for (const base of REMOTE_PAGES[remote]) expect(routes.some((path) => isUnder(base, path)), `${base} (frontends/${remote})`).toBe(true);
  }
});

test("every page the shell routes to itself is one of its own, and each of its own is routed", () => {
  const routes = declaredRoutes('shell');
  expect(routes).toContain('/user/verify-email');
  const own = (path: string) => SHELL_PAGES.some((page) => (page === '/' ? path === '/' : isUnder(page, path)));
  for (const path of routes) expect(own(path), `${path} (frontends/shell)`).toBe(true);
  for (const page of SHELL_PAGES) expect(routes, page).toContain(page);
});
