import { randomBytes } from 'node:crypto';
import { STAGES, startPlaidSimulator, type RunningPlaidSimulator } from '@budget/plaid-simulator';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium, startStack, type Stack } from './stack.js';

export interface PlaidStack {
  sim: RunningPlaidSimulator;
  stack: Stack;
  stop(): Promise<void>;
}

/**
 * The simulated banks' "today": the real UTC date, but never before the (STAGES + 1)th of its month.
 * A linked account starts on the first of the month (the API's default), and a bank's first sync
 * holds its history up to STAGES days before the bank's today; on the first days of a month that
 * history would all fall before the start date, and no row of it would reach Unassigned (the suites
 * failed on the 1st). From then on the bank's today is the real one; before, its later stages are
 * dated at most STAGES days ahead.
 */
export function simulatedBankToday(now: Date = new Date()): string {
  const day = Math.max(now.getUTCDate(), STAGES + 1);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day)).toISOString().slice(0, 10);
}

/** The Plaid simulator in-process (a free port) and the stack talking to it (PLAID_ENV=simulator, a fresh token key). */
export async function startPlaidStack(): Promise<PlaidStack> {
  const sim = await startPlaidSimulator({ port: 0, today: simulatedBankToday() });
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
