import { PAGE_SIZE, type RegisterPage } from './transaction-data.js';

/**
 * The offset of the next page of a register, or undefined when the list is complete: a page
 * with fewer than 30 rows ends it (spec §4 "List fetch"). Fetching offset 0 starts over.
 */
export function nextPageOffset(pages: readonly Pick<RegisterPage, 'received'>[], pageSize = PAGE_SIZE): number | undefined {
  const last = pages.at(-1);
  if (last === undefined) return 0;
  if (last.received < pageSize) return undefined;
  return pages.length * pageSize;
}
