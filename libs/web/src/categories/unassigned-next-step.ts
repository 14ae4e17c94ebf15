/**
 * The next step after an import or a sync: rows that no auto-assignment rule claimed land in
 * Unassigned (product-spec §5), and the user is pointed at them instead of a bare count. Nothing
 * is shown when the import or sync added no row, or when Unassigned holds none (every new row
 * was assigned by a rule).
 */
export function unassignedNextStep(added: number, unassignedCount: number | null): string | null {
  if (added <= 0 || unassignedCount === null || unassignedCount <= 0) return null;
  return `${unassignedCount} ${unassignedCount === 1 ? 'transaction needs' : 'transactions need'} a category in Unassigned.`;
}

/** Home's register of a category (Unassigned's here): the route of the budget remote. */
export const categoryRegisterHref = (categoryId: string) => `/home/${encodeURIComponent(categoryId)}`;
