/**
 * A local Plaid for development and tests: the Plaid endpoints the product calls, in Plaid's own
 * request and response shapes, for deterministic fake banks. See tools/plaid-simulator/README.md.
 */
export { startPlaidSimulator, type Fault, type PlaidSimulatorOptions, type RunningPlaidSimulator, type WebhookDelivery } from './server.js';
export { BANKS, findBank, type AccountTemplate, type FakeBank } from './banks.js';
export { STAGES, DEFAULT_DAYS_REQUESTED } from './generate.js';
export type { CreateItemOptions, SimItem } from './simulator.js';
