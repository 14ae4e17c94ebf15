import { randomBytes } from 'node:crypto';
import { startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startStack, type Stack } from './stack.js';

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

/**
 * `withStack` for suites that need Plaid: the simulator, the stack talking to it and a browser,
 * started before the suite's tests and all stopped after them.
 */
export function withPlaidStack(assign: (started: { plaid: PlaidStack; sim: RunningPlaidSimulator; stack: Stack; browser: Browser }) => void): void {
  let plaid: PlaidStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    plaid = await startPlaidStack();
    browser = await launchChromium();
    assign({ plaid, sim: plaid.sim, stack: plaid.stack, browser });
  });
  afterAll(async () => {
    await browser?.close();
    await plaid?.stop();
  });
}
