import { Logger } from '@nestjs/common';
import { loadConfig } from '@budget/platform';
import { createApp } from './create-app.js';

/** `node services/api/dist/main.js`: the API (and, with WEB_ROOT, the front end) on PORT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config, trustProxy: process.env.TRUST_PROXY === 'true' });
  await app.listen({ port: config.port, host: process.env.HOST ?? '0.0.0.0' });
  new Logger('api').log(`listening on ${await app.getUrl()} (API at /api/v1${config.webRoot ? `, web from ${config.webRoot}` : ''})`);
}

main().catch((error: unknown) => {
  new Logger('api').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
