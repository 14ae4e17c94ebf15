#!/usr/bin/env node
// The simulator as a process: `npm start` runs it next to the services when no Plaid credentials
// are configured. Listens on 127.0.0.1:PLAID_SIMULATOR_PORT (default 4010).
import { startPlaidSimulator } from './server.js';

const port = Number(process.env.PLAID_SIMULATOR_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PLAID_SIMULATOR_PORT must be a port number, got ${process.env.PLAID_SIMULATOR_PORT}`);
  process.exit(1);
}
const running = await startPlaidSimulator({
  port,
  host: process.env.PLAID_SIMULATOR_HOST ?? '127.0.0.1',
  today: process.env.PLAID_SIMULATOR_TODAY || undefined,
  stateFile: process.env.PLAID_SIMULATOR_STATE_FILE || undefined,
  log: process.env.PLAID_SIMULATOR_QUIET ? undefined : (line) => console.log(line),
});
console.log(`Plaid simulator listening at ${running.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().finally(() => process.exit(0));
  });
}
