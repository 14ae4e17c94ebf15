export * from './request-ids.js';
export * from './idempotency.store.js';
export * from './idempotency.interceptor.js';
export * from './idempotency.migrations.js';
export * from './queries/get-idempotency-key/get-idempotency-key.query.js';
export * from './queries/get-idempotency-key/get-idempotency-key.handler.js';
export * from './queries/get-idempotency-key/get-idempotency-key.controller.js';
