export * from './domain/index.js';
export * from './projection/index.js';
