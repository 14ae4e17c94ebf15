import { apiRoutes, type FeedChange } from '@budget/contracts';
import { API_BASE } from '../api/route-url.js';

/**
 * Which cached answers a change of the feed makes stale (docs/architecture.md §4.1). A query's key
 * carries its URL (`routeQueryKey`, `useEveryPage`, the register's `['register', url, id]`, or a raw
 * `[path]`); the URL's path names the route, and the route what it shows:
 * - a route under `/account/{id}` (register, statements, balance history, …) only when that account
 *   changed; `/category/{id}` only when that category did (or every category may have moved);
 *   `/institution/{id}` routes are Plaid's own records and bank tokens, never;
 * - one transaction: when its account or one of its categories changed (read from the cached answer);
 * - the institutions with their accounts: when an account or institution changed;
 * - the rules: when the rules changed; the category tree: when a category or the tree changed;
 * - every other list (categories with balances, funding, reports, search, the log, …): when any
 *   account or category changed.
 * The user, preferences, link tokens, Plaid's logs and records, and the feed itself never are.
 */

type Scope = 'never' | 'account' | 'category' | 'transaction' | 'institutions' | 'rules' | 'tree' | 'money';

const NEVER = new Set([
  'getUser', 'getPreferences', 'getUserLinkToken', 'getInstitutionLinkToken', 'getInstitutionInfo', 'listPlaidLogs',
  'listSimulatorInstitutions', 'health', 'changeFeed', 'listAccountTypes',
]);

function scopeOf(routeId: string, path: string): Scope {
  if (NEVER.has(routeId)) return 'never';
  if (routeId === 'getTransaction') return 'transaction';
  if (routeId === 'listConnectedAccounts') return 'institutions';
  if (routeId === 'listAutoAssignments') return 'rules';
  if (routeId === 'listGroups') return 'tree';
  if (path.startsWith('/account/{id}')) return 'account';
  if (path.startsWith('/category/{id}')) return 'category';
  if (path.startsWith('/institution/{id}') || path.startsWith('/user') || path.startsWith('/admin')) return 'never';
  return 'money';
}

interface KnownRoute {
  id: string;
  path: string;
  pattern: RegExp;
  scope: Scope;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let known: KnownRoute[] | null = null;
function routes(): KnownRoute[] {
  known ??= apiRoutes
    .filter((route) => route.method === 'GET')
    .map((route) => ({
      id: route.id,
      path: route.path,
      pattern: new RegExp(`^${route.path.split(/\{\w+\}/).map(escape).join('([^/]+)')}$`),
      scope: scopeOf(route.id, route.path),
    }));
  return known;
}

/** The GET route a cached URL belongs to, with its first path parameter (the id a route is about). */
export function routeOfUrl(url: string): { id: string; scope: Scope; param: string | null } | null {
  if (!url.startsWith(`${API_BASE}/`)) return null;
  const path = url.slice(API_BASE.length).split('?')[0]!;
  for (const route of routes()) {
    const match = route.pattern.exec(path);
    if (match) return { id: route.id, scope: route.scope, param: match[1] === undefined ? null : decodeURIComponent(match[1]) };
  }
  return null;
}

/** The URL a query key carries (its first string that is an API URL). */
export function urlOfKey(key: readonly unknown[]): string | null {
  for (const part of key) if (typeof part === 'string' && part.startsWith(`${API_BASE}/`)) return part;
  return null;
}

const movesMoney = (change: FeedChange) => change.accounts.length > 0 || change.categories.length > 0 || change.allCategories;

/** What a cached transaction answer is about: its account and categories. */
function transactionTouched(data: unknown, change: FeedChange): boolean {
  const answer = data as { accountTransaction?: { account?: { id?: unknown } } | null; categories?: { categoryId?: unknown }[] } | undefined;
  if (!answer || typeof answer !== 'object') return movesMoney(change);
  const accountId = answer.accountTransaction?.account?.id;
  if (typeof accountId === 'string' && change.accounts.includes(accountId)) return true;
  if (change.allCategories) return true;
  return (answer.categories ?? []).some((split) => typeof split.categoryId === 'string' && change.categories.includes(split.categoryId));
}

/** Whether the query with this key (and cached data) shows something the change changed. */
export function affects(key: readonly unknown[], data: unknown, change: FeedChange): boolean {
  const url = urlOfKey(key);
  if (url === null) return false;
  const route = routeOfUrl(url);
  if (route === null) return movesMoney(change);
  switch (route.scope) {
    case 'never':
      return false;
    case 'account':
      return route.param !== null && change.accounts.includes(route.param);
    case 'category':
      return change.allCategories || (route.param !== null && change.categories.includes(route.param));
    case 'transaction':
      return transactionTouched(data, change);
    case 'institutions':
      return change.accounts.length > 0 || change.institutions.length > 0;
    case 'rules':
      return change.rules;
    case 'tree':
      return change.budget || change.categories.length > 0 || change.allCategories;
    case 'money':
      return movesMoney(change);
  }
}
