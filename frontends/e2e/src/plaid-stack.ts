import { randomBytes } from 'node:crypto';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import { startStack, type Stack } from './stack.js';

export interface PlaidStack {
  sim: RunningPlaidSimulator;
  stack: Stack;
  stop(): Promise<void>;
}

/** The Plaid simulator in-process (a free port) and the stack talking to it (PLAID_ENV=simulator, a fresh token key). */
export async function startPlaidStack(): Promise<PlaidStack> {
  const sim = await startPlaidSimulator({ port: 0 });
  try {
    const stack = await startStack({ PLAID_ENV: 'simulator', PLAID_SIMULATOR_URL: sim.url, PLAID_TOKEN_KEY: randomBytes(32).toString('base64') });
    return {
      sim,
      stack,
      stop: async () => {
        await stack.stop();
        await sim.close();
      },
    };
  } catch (error) {
    await sim.close();
    throw error;
  }
}
