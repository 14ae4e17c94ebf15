import { isApiError } from '../api/api-error.js';
import { SERVER_ERROR } from '../api/api-client.js';

/** Why a load failed, in words for the error state under its "could not be loaded" line. */
export function loadErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'invalid-response') return 'The server sent an answer this page does not understand.';
    if (error.status === 404) return 'The server does not have it (404).';
    if (error.status === 0) return 'The server answer could not be read.';
    return error.message;
  }
  if (error instanceof Error && error.message === SERVER_ERROR) return 'The server failed while answering.';
  // fetch's own failure: "Failed to fetch" (Chromium), "NetworkError …" (Firefox), "Load failed" (Safari).
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return 'The server could not be reached. Check the connection.';
  return 'Something went wrong while loading.';
}

/**
 * Whether TanStack Query should try a failed load once more by itself: only for failures that
 * may pass (network, 5xx, 429), not for a server crash already on screen, a 4xx, or an answer
 * that breaks the contract.
 */
export function retryLoad(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  if (error instanceof Error && error.message === SERVER_ERROR) return false;
  if (isApiError(error)) return error.kind === 'status' && (error.status >= 500 || error.status === 429);
  return true;
}

export type LoadState<T> = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; data: T };

/** What a screen shows for a query: a spinner, the error with a retry, or the data (maybe empty). */
export function loadState<T>(query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined }): LoadState<T> {
  if (query.isError) return { state: 'error', error: query.error };
  if (query.isPending || query.data === undefined) return { state: 'loading' };
  return { state: 'ready', data: query.data };
}
