import { report, say } from './log.mjs';
import { stopForegroundCommands } from './run.mjs';

/**
 * One way out: on SIGINT/SIGTERM/SIGHUP, or when `shutdown(code)` is called, stops everything
 * registered with `add` (last started, first stopped), then exits with the code.
 */
export function createShutdown() {
  const steps = [];
  let stopping;

  function shutdown(code) {
    stopping ??= (async () => {
      stopForegroundCommands();
      for (const step of steps.reverse()) {
        try {
          await step();
        } catch (error) {
          report(error);
        }
      }
      process.exit(code);
    })();
    return stopping;
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      say(stopping ? `${signal} received: still stopping` : `${signal} received: stopping everything the launcher started`);
      void shutdown(0);
    });
  }
  return { add: (step) => void steps.push(step), shutdown, isStopping: () => stopping !== undefined };
}
