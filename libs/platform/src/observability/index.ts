export * from './metrics.js';
export * from './probe-server.js';
export * from './jobs.js';
export * from './logging.js';
