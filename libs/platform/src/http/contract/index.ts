export * from './endpoint.decorator.js';
export * from './contract-validation.pipe.js';
export * from './contract-response.interceptor.js';
export * from './openapi-document.js';
export * from './api-docs.js';
