export * from './test-database.js';
export * from './job-outbox-fixture.js';
