import { describe, expect, it, vi } from 'vitest';
import type { FeedChange } from '@budget/contracts';
import { ApiClient } from '../api/api-client.js';
import { fakeFetch, jsonResponse } from '../api/fake-fetch.testing.js';
import { ACCESS_TOKEN_KEY, memoryStorage, REFRESH_TOKEN_KEY, TokenStore } from '../api/token-store.js';
import { connectChangeFeed, type FeedStatus } from './change-feed-client.js';

const change = (position: string, accounts: string[]): FeedChange => ({
  position, accounts, categories: [], institutions: [], allCategories: false, budget: false, rules: false,
});

/** A text/event-stream body: the frames, then (unless `open`) its end. */
function stream(frames: string[], open = false, signal?: AbortSignal | null): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const frame of frames) controller.enqueue(new TextEncoder().encode(frame));
      if (!open) controller.close();
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

describe('connectChangeFeed', () => {
  it('sends the bearer token (refreshed after a 401) and Accept: text/event-stream; resumes with Last-Event-ID after the stream ends', async () => {
    const storage = memoryStorage();
    storage.setItem(ACCESS_TOKEN_KEY, 'A1');
    storage.setItem(REFRESH_TOKEN_KEY, 'R1');
    const { fetch: apiFetch } = fakeFetch(() => jsonResponse(200, { data: { access: 'A2', refresh: 'R2' } }));
    const api = new ApiClient({ fetch: apiFetch, tokens: new TokenStore(storage), onUnauthorized: vi.fn(), onServerError: vi.fn() });
    const sent: Headers[] = [];
    let opened = 0;
    const feedFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push(headers);
      if (headers.get('Authorization') !== 'Bearer A2') return jsonResponse(401, { errors: [] });
      opened += 1;
      const a = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
      if (opened === 1) return stream(['retry: 3000\nevent: ready\ndata: {"position":"5"}\n\n', `id: 10\nevent: change\ndata: ${JSON.stringify(change('10', [a]))}\n\n`]);
      return stream(['event: ready\ndata: {"position":"10"}\n\n', 'event: syncing\ndata: {"institutions":["i1"]}\n\n', ': heartbeat\n\n', `id: 12\nevent: change\ndata: ${JSON.stringify(change('12', []))}\n\n`], true, init?.signal);
    }) as typeof globalThis.fetch;

    const changes: FeedChange[] = [];
    const statuses: FeedStatus[] = [];
    const syncing: string[][] = [];
    const stop = connectChangeFeed(api, { change: (c) => changes.push(c), reset: vi.fn(), syncing: (s) => syncing.push(s), status: (s) => statuses.push(s) }, { fetch: feedFetch });
    await vi.waitFor(() => expect(changes.map((c) => c.position)).toEqual(['10', '12']));
    stop();

    expect(sent[0]!.get('Authorization')).toBe('Bearer A1');
    expect(sent[1]!.get('Authorization')).toBe('Bearer A2');
    expect(sent.every((h) => h.get('Accept') === 'text/event-stream')).toBe(true);
    expect(sent[1]!.get('Last-Event-ID')).toBeNull();
    expect(sent[2]!.get('Last-Event-ID')).toBe('10');
    expect(syncing).toEqual([['i1']]);
    expect(statuses).toContain('open');
    expect(statuses).not.toContain('down');
  });
});
