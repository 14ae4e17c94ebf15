export { createApp, API_PREFIX } from './create-app.js';
export type { CreateAppOptions } from './app.options.js';
export { AppModule } from './app.module.js';
export { readModelProjections } from './read-model-projections.js';
