export const EMPTY_SEARCH = 'A non-empty search string must be provided';

/** The search string to send, or the validation message when it is blank after trimming. */
export function checkSearch(text: string): { search: string } | { error: string } {
  const search = text.trim();
  return search === '' ? { error: EMPTY_SEARCH } : { search };
}

export function searchPath(search: string, pageSize: number): string {
  return `/api/v1/transactions/search?offset=0&limit=${pageSize}&name=${encodeURIComponent(search)}`;
}
