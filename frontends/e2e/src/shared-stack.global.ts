import type { TestProject } from 'vitest/node';
import { startStack } from './stack.js';

/**
 * The e2e project's global setup: one stack on the default settings (the built services as
 * `npm start` runs them, a fresh database, a Redis database and an outbox of its own), started
 * before the first file and stopped after the last; `withStack` joins it from each file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack();
  project.provide('e2eSharedStack', stack.address);
  return () => stack.stop();
}
