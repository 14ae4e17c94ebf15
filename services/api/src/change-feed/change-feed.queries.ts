import { Query } from '@nestjs/cqrs';
import type { RouteResponse, changeFeed } from '@budget/contracts';
import type { FeedConnection, FeedMessage } from '@budget/platform';

/** GET /events without `Accept: text/event-stream`: one JSON page of the user's changes after `after`. */
export class ReadChangesQuery extends Query<RouteResponse<typeof changeFeed>> {
  constructor(
    readonly userId: string,
    readonly after: bigint | null,
  ) {
    super();
  }
}

/** What the stream sends besides the log's changes: the linked institutions whose first sync has not landed. */
export type StreamMessage = FeedMessage | { kind: 'syncing'; institutions: string[] };

/** GET /events with `Accept: text/event-stream`: opens the user's live feed from `after` (Last-Event-ID). */
export class OpenChangeStreamQuery extends Query<FeedConnection> {
  constructor(
    readonly userId: string,
    readonly after: bigint | null,
    readonly send: (message: StreamMessage) => void,
  ) {
    super();
  }
}
