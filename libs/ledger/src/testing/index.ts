export * from './projection-harness.js';
