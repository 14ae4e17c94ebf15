export { affects, routeOfUrl, urlOfKey } from './affected.js';
export { connectChangeFeed, type FeedHandlers, type FeedOptions, type FeedStatus } from './change-feed-client.js';
export { mergeFeedChanges } from './merge.js';
export { EventStreamParser, type ServerSentEvent } from './sse.js';
export { applyChange, ChangeFeedConnection, FEED_STATUS_KEY, refetchEverything, SYNCING_KEY, useChangeFeed, useSyncingInstitutions } from './use-change-feed.js';
