export * from './transfer-lines.js';
export * from './record-category-transfer.decide.js';
export * from './change-category-transfer.decide.js';
