import { z } from 'zod';
import { route } from '../common/route.js';

const POSITION = 'The position must be a whole number from 0 to 9223372036854775807, as the change feed sent it.';

/**
 * A position in the event log as the change feed sends it (decimal text of a 64-bit integer), for
 * `after` and the `Last-Event-ID` header. Positions are sparse; only the feed's own are meaningful.
 */
export const feedPosition = () =>
  z
    .string({ error: POSITION })
    .regex(/^\d{1,19}$/, { error: POSITION })
    .refine((text) => !/^\d{1,19}$/.test(text) || BigInt(text) <= 9223372036854775807n, { error: POSITION })
    .meta({ description: 'A log position the change feed sent (decimal text)', example: '123456789' });

/**
 * What one run of the user's writes changed, once the read models show it (docs/architecture.md §4.1):
 * the log position it reaches, and the accounts, categories and institutions it touched.
 * `allCategories`: every category's balance may have moved (a tracking or start-date change, a
 * deleted account or institution); `budget`: the category tree itself (groups, names, plans)
 * changed; `rules`: the auto-assignment rules changed.
 */
export const feedChange = z
  .object({
    position: z.string(),
    accounts: z.array(z.string()),
    categories: z.array(z.string()),
    institutions: z.array(z.string()),
    allCategories: z.boolean(),
    budget: z.boolean(),
    rules: z.boolean(),
  })
  .meta({ id: 'FeedChange' });
export type FeedChange = z.infer<typeof feedChange>;

/**
 * GET /events: the signed-in user's change feed. With `Accept: text/event-stream` it is a stream of
 * Server-Sent Events that stays open (see the summary); otherwise one JSON page of the changes after
 * `after`, for clients that poll.
 */
export const changeFeed = route({
  id: 'changeFeed',
  perUserLimit: { bucket: 'change-feed', limit: 60, windowSeconds: 60 },
  method: 'GET',
  path: '/events',
  summary:
    "The user's change feed. Accept: text/event-stream answers Server-Sent Events: `ready` {position} and `syncing` {institutions} first, then `change` (a FeedChange, its `id:` the position) for every write of the user (their own, a bank sync's, a rule's) once the read models show it, `syncing` {institutions} when the linked banks still waiting for their first sync change, `reset` when the gap since Last-Event-ID is too long to replay (refetch everything), `end` {reason: replaced} when a newer stream of the user took this one's place, and a comment line as heartbeat. A stream ends after 10 minutes: reconnect. Resume with the Last-Event-ID header (or `after`). Any other Accept answers one JSON page of the changes after `after` (none without it) and the position to continue from.",
  tag: 'system',
  query: z.object({ after: feedPosition().optional() }),
  response: z.object({
    position: z.string().meta({ description: 'Where the next page (or the stream) continues from' }),
    changes: z.array(feedChange),
    more: z.boolean().meta({ description: 'More changes follow right away: ask again from `position`' }),
  }),
  errors: [503],
});

/** What the stream sends first, and again when the set changes: linked institutions whose first sync has not landed. */
export const feedReady = z.object({ position: z.string() });
export const feedSyncing = z.object({ institutions: z.array(z.string()) });
export const feedReset = z.object({ position: z.string() });
