export { loadVapidKeys, VAPID_KEYS, type VapidKeys } from './vapid-keys.js';
export { PUSH_JOB_NAME, PUSH_QUEUE, pushMessageFor, relinkMessage, unassignedMessage, type PushJobData, type PushMessage } from './push-messages.js';
export { PushSubscriptionsRepository, type StoredSubscription, type WebPushSubscription } from './push-subscriptions.repository.js';
export { WebPushSender, type PushOutcome } from './web-push-sender.js';
export { enqueuePush } from './push-jobs.js';
