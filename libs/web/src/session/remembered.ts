/**
 * Selections the app returns to (spec §2): Home and Accounts reopen the last category or
 * account. Kept in localStorage so they survive a reload; cleared on sign-out.
 */
export type RememberedKey = 'category' | 'account' | 'accountsTab';

const prefix = 'budget.selected.';
const keys: readonly RememberedKey[] = ['category', 'account', 'accountsTab'];

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

export function recall(key: RememberedKey): string | null {
  return storage()?.getItem(prefix + key) ?? null;
}

export function remember(key: RememberedKey, value: string | null): void {
  if (value === null) storage()?.removeItem(prefix + key);
  else storage()?.setItem(prefix + key, value);
}

export function forgetSelections(): void {
  for (const key of keys) storage()?.removeItem(prefix + key);
}

/** A base route, or the remembered item under it: `/home` → `/home/12`. */
export function rememberedRoute(base: string, key: RememberedKey): string {
  const id = recall(key);
  return id === null ? base : `${base}/${encodeURIComponent(id)}`;
}
