/**
 * The search page's rules (product-spec §2 Search, §6 validations): what the box holds is trimmed;
 * a blank search is refused on the field and never sent. The search lives in the URL (`?q=`).
 */
export const SEARCH_REQUIRED = 'A non-empty search string must be provided';
/** The longest search the server takes (the `name` of GET /transactions/search). */
export const MAX_SEARCH = 200;

/** The search a URL asks for: its `q`, trimmed; null when there is none. */
export function searchOf(params: URLSearchParams): string | null {
  return params.get('q')?.trim() || null;
}

/** What pressing Search does with the box: the search to put in the URL, or the field's error. */
export function submitSearch(text: string): { search: string } | { error: string } {
  const search = text.trim();
  return search ? { search } : { error: SEARCH_REQUIRED };
}
