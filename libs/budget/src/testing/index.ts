export * from './budget-test-app.js';
