import { Controller, Inject, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { changeFeed, feedPosition, type RouteInput, type RouteResponse } from '@budget/contracts';
import { CurrentUserId, Endpoint, Input, ValidationFailed } from '@budget/platform';
import { OpenChangeStreamQuery, ReadChangesQuery, type StreamMessage } from './change-feed.queries.js';

/** `text/event-stream` asked for (EventSource and fetch-based SSE clients send it). */
const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** The Last-Event-ID header, checked like `after` (a bad one is a 422 on that header, nothing opens). */
function lastEventId(request: FastifyRequest): bigint | null {
  const raw = request.headers['last-event-id'];
  if (raw === undefined) return null;
  const parsed = feedPosition().safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) throw new ValidationFailed([{ field: 'Last-Event-ID', message: parsed.error.issues[0]?.message ?? 'Bad position.', code: 'E_INVALID' }]);
  return BigInt(parsed.data);
}

/** One Server-Sent Event (the data is JSON on one line, so it needs no splitting). */
export function sseFrame(message: StreamMessage): string | null {
  switch (message.kind) {
    case 'ready':
      return `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ position: message.position })}\n\n`;
    case 'change':
      return `id: ${message.change.position}\nevent: change\ndata: ${JSON.stringify(message.change)}\n\n`;
    case 'reset':
      return `id: ${message.position}\nevent: reset\ndata: ${JSON.stringify({ position: message.position })}\n\n`;
    case 'syncing':
      return `event: syncing\ndata: ${JSON.stringify({ institutions: message.institutions })}\n\n`;
    case 'heartbeat':
      return ': heartbeat\n\n';
    case 'end':
      // Only a feed another one replaced says so: that tab should not take the place back at once.
      return message.reason === 'replaced' ? `event: end\ndata: ${JSON.stringify({ reason: message.reason })}\n\n` : null;
  }
}

/**
 * GET /events (docs/architecture.md §4.1): the user's change feed, as Server-Sent Events when the
 * client accepts `text/event-stream`, else as one JSON page. The stream is written to the raw
 * reply (Fastify hands it over: `hijack`), so no JSON answer follows it.
 */
@Controller()
export class ChangeFeedController {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  @Endpoint(changeFeed, ReadChangesQuery)
  async events(
    @CurrentUserId() userId: string,
    @Input(changeFeed) { query }: RouteInput<typeof changeFeed>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RouteResponse<typeof changeFeed> | undefined> {
    const fromHeader = lastEventId(request);
    const after = query.after !== undefined ? BigInt(query.after) : fromHeader;
    if (!wantsStream(request)) return this.queries.execute(new ReadChangesQuery(userId, after));
    const raw = reply.raw;
    let open = true;
    const write = (message: StreamMessage) => {
      const frame = sseFrame(message);
      if (open && frame !== null && !raw.writableEnded) raw.write(frame);
      if (message.kind === 'end') {
        if (open) raw.end();
        open = false;
      }
    };
    const buffered: StreamMessage[] = [];
    let started = false;
    const connection = await this.queries.execute(
      new OpenChangeStreamQuery(userId, after, (message) => (started ? write(message) : buffered.push(message))),
    );
    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx (deploy/) would otherwise hold the stream back in its buffer.
      'X-Accel-Buffering': 'no',
    });
    raw.flushHeaders();
    started = true;
    for (const message of buffered.splice(0)) write(message);
    // The response's close: the client went away (or the stream ended); the request's own close may come first.
    const closed = () => {
      open = false;
      connection.close();
    };
    raw.on('close', closed);
    if (raw.destroyed) closed();
    return undefined;
  }
}
