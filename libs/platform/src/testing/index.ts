export * from './test-database.js';
export * from './job-outbox-fixture.js';
export * from './local-servers.js';
export * from './statement-counter.js';
