export * from './cents.js';
export * from './equation.js';
