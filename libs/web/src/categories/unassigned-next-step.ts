/**
 * The next step after an import or a sync: rows that no auto-assignment rule claimed land in
 * Unassigned (product-spec §5), and the user is pointed at them instead of a bare count. When the
 * answer says how many of the new rows stayed in Unassigned (`newUnassigned`), that figure is shown;
 * an older answer without it falls back to Unassigned's total. Nothing is shown when the import or
 * sync added no row, or when none of them (or nothing at all) is left in Unassigned.
 */
export function unassignedNextStep(added: number, unassignedCount: number | null, newUnassigned?: number): string | null {
  if (added <= 0) return null;
  if (newUnassigned !== undefined) {
    return newUnassigned > 0 ? `${newUnassigned} new ${newUnassigned === 1 ? 'transaction needs' : 'transactions need'} a category.` : null;
  }
  if (unassignedCount === null || unassignedCount <= 0) return null;
  return `${unassignedCount} ${unassignedCount === 1 ? 'transaction needs' : 'transactions need'} a category in Unassigned.`;
}

/** Home's register of a category (Unassigned's here): the route of the budget remote. */
export const categoryRegisterHref = (categoryId: string) => `/home/${encodeURIComponent(categoryId)}`;
