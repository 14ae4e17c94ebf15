import { feedChange, feedReset, feedSyncing, type FeedChange } from '@budget/contracts';
import type { ApiClient } from '../api/api-client.js';
import { API_BASE } from '../api/route-url.js';
import { EventStreamParser } from './sse.js';

export type FeedStatus = 'connecting' | 'open' | 'down';

export interface FeedHandlers {
  change(change: FeedChange): void;
  /** The server could not replay what was missed: refetch everything. */
  reset(): void;
  /** The linked banks still waiting for their first sync. */
  syncing(institutionIds: string[]): void;
  status(status: FeedStatus): void;
}

export interface FeedOptions {
  fetch?: typeof globalThis.fetch;
  /** Waits before the nth reconnect after a failure (the last one repeats). */
  backoffMs?: readonly number[];
}

const BACKOFF_MS = [1000, 2000, 5000, 10_000, 30_000];
const FEED_PATH = `${API_BASE}/events`;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the user's change feed open (GET /api/v1/events, docs/architecture.md §4.1) and hands its
 * messages to `handlers`. EventSource cannot send the bearer token, so the stream is read with
 * fetch, sent through the API client (`request` with a `transport`), which adds the token and, on
 * a 401, refreshes it once and sends again; the client never sees the stream itself, only a
 * stand-in answer. When the stream ends (the server ends each after a while, or a newer tab took
 * its place) it is opened again at once, with Last-Event-ID, so nothing is missed; after a failure
 * it waits (`backoffMs`) and says `down` meanwhile. Returns a function that stops it.
 */
export function connectChangeFeed(api: ApiClient, handlers: FeedHandlers, options: FeedOptions = {}): () => void {
  const stop = new AbortController();
  const fetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const backoff = options.backoffMs ?? BACKOFF_MS;
  let lastEventId: string | null = null;
  /** The server ended the stream because more of the user's tabs hold one than it allows. */
  let replaced = false;

  const dispatch = (name: string, data: string) => {
    const json: unknown = JSON.parse(data);
    if (name === 'change') handlers.change(feedChange.parse(json));
    else if (name === 'reset') {
      lastEventId = feedReset.parse(json).position;
      handlers.reset();
    } else if (name === 'syncing') handlers.syncing(feedSyncing.parse(json).institutions);
    else if (name === 'ready') handlers.status('open');
    else if (name === 'end') replaced = (json as { reason?: unknown }).reason === 'replaced';
  };

  /** One connection: resolves when the stream ends; 'unauthorized' when the session is over. */
  const once = async (): Promise<'ended' | 'failed' | 'unauthorized'> => {
    let stream: Response | null = null;
    let status = 0;
    const transport = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const headers = new Headers(init?.headers);
      headers.set('Accept', 'text/event-stream');
      if (lastEventId !== null) headers.set('Last-Event-ID', lastEventId);
      const response = await fetch(input, { ...init, headers, signal: stop.signal, cache: 'no-store' });
      status = response.status;
      // A 401 goes back to the client, which refreshes the token and sends again.
      if (response.status === 401) return response;
      if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/event-stream')) stream = response;
      else await response.body?.cancel().catch(() => undefined);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    await api.request('GET', FEED_PATH, undefined, undefined, transport);
    if (status === 401) return 'unauthorized';
    const body = (stream as Response | null)?.body;
    if (!body) return 'failed';
    const parser = new EventStreamParser();
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        for (const event of parser.push(value)) {
          if (event.id !== null) lastEventId = event.id;
          dispatch(event.event, event.data);
        }
      }
    } finally {
      reader.releaseLock();
    }
  };

  void (async () => {
    let failures = 0;
    while (!stop.signal.aborted) {
      handlers.status(failures === 0 ? 'connecting' : 'down');
      let outcome: 'ended' | 'failed' | 'unauthorized';
      try {
        outcome = await once();
      } catch {
        outcome = 'failed';
      }
      if (stop.signal.aborted || outcome === 'unauthorized') break;
      if (outcome === 'ended' && !replaced) {
        failures = 0;
        continue;
      }
      if (replaced) {
        // Other tabs hold the feed: this one refetches on focus, and tries again much later.
        replaced = false;
        handlers.status('down');
        await sleep(backoff[backoff.length - 1]!, stop.signal);
        continue;
      }
      handlers.status('down');
      await sleep(backoff[Math.min(failures, backoff.length - 1)]!, stop.signal);
      failures += 1;
    }
    if (!stop.signal.aborted) handlers.status('down');
  })();

  return () => stop.abort();
}
