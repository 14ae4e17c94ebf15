export * from './request-ids.js';
export * from './idempotency.store.js';
export * from './idempotency.interceptor.js';
export * from './idempotency.migrations.js';
