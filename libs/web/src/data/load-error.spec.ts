import { describe, expect, it } from 'vitest';
import { SERVER_ERROR } from '../api/api-client.js';
import { ApiError } from '../api/api-error.js';
import { loadErrorText, loadState, retryLoad } from './load-error.js';
import { readAnswer } from './use-api-data.js';

const query = (over: Partial<{ isPending: boolean; isError: boolean; error: unknown; data: string[] | undefined }>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...over,
});

describe('loadState', () => {
  it('is loading while the first answer is awaited', () => {
    expect(loadState(query({ isPending: true }))).toEqual({ state: 'loading' });
  });

  it('is an error when the call failed, even with older data in the cache', () => {
    const error = ApiError.status(404, {});
    expect(loadState(query({ isError: true, error }))).toEqual({ state: 'error', error });
    expect(loadState(query({ isError: true, error, data: ['old'] }))).toEqual({ state: 'error', error });
  });

  it('is ready with an empty list only when the call succeeded without rows', () => {
    expect(loadState(query({ data: [] }))).toEqual({ state: 'ready', data: [] });
  });
});

describe('readAnswer (useApiData)', () => {
  const read = (body: unknown) => (Array.isArray(body) ? body : null);

  it('reads an ok answer', () => {
    expect(readAnswer({ ok: true, status: 200, body: [1] }, read)).toEqual([1]);
  });

  it('throws for a non-ok answer instead of giving an empty result', () => {
    expect(() => readAnswer({ ok: false, status: 404, body: { errors: [] } }, read)).toThrow(ApiError);
  });

  it('throws for an answer that cannot be read', () => {
    expect(() => readAnswer({ ok: true, status: 200, body: { nope: 1 } }, read)).toThrow('invalid response');
  });
});

describe('loadErrorText', () => {
  it('says why in words', () => {
    expect(loadErrorText(ApiError.status(404, {}))).toBe('The server does not have it (404).');
    expect(loadErrorText(ApiError.status(403, { errors: [{ message: 'Not yours.' }] }))).toBe('Not yours.');
    expect(loadErrorText(ApiError.invalidResponse(200, {}, 'x'))).toBe('The server sent an answer this page does not understand.');
    expect(loadErrorText(new TypeError('Failed to fetch'))).toBe('The server could not be reached. Check the connection.');
    expect(loadErrorText(new Error(SERVER_ERROR))).toBe('The server failed while answering.');
    expect(loadErrorText(new TypeError("Cannot read properties of undefined (reading 'options')"))).toBe('Something went wrong while loading.');
  });
});

describe('retryLoad', () => {
  it('tries once more after a network failure or a 5xx', () => {
    expect(retryLoad(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryLoad(0, ApiError.status(503, ''))).toBe(true);
    expect(retryLoad(1, ApiError.status(503, ''))).toBe(false);
  });

  it('does not retry what cannot pass by itself', () => {
    expect(retryLoad(0, ApiError.status(404, {}))).toBe(false);
    expect(retryLoad(0, ApiError.invalidResponse(200, {}, 'x'))).toBe(false);
    expect(retryLoad(0, new Error(SERVER_ERROR))).toBe(false);
  });
});
