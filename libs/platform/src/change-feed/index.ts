export { ChangeFeed, type ChangeFeedOptions, type FeedConnection, type FeedMessage } from './change-feed.js';
export { ChangeLog, changeFeedMigrations, mergeChanges, type Change, type ChangePage, type FeedProjection } from './change-log.js';
export { addTouched, BROAD_EVENT_TYPES, emptyTouched, type LoggedEvent, type Touched } from './touched.js';
