import { Configuration, PlaidApi, PlaidEnvironments } from 'plaid';
import type { PlaidSettings } from '@budget/platform';

/**
 * The real `plaid` client for the configured environment: the local simulator
 * (tools/plaid-simulator, Plaid's own API on `PLAID_SIMULATOR_URL`), Plaid's sandbox or production.
 * Credentials travel in Plaid's headers, never in a logged body.
 */
export function createPlaidClient(settings: PlaidSettings): PlaidApi {
  const basePath = settings.env === 'simulator' ? settings.simulatorUrl.replace(/\/$/, '') : PlaidEnvironments[settings.env];
  return new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: {
          'PLAID-CLIENT-ID': settings.clientId || 'simulator',
          'PLAID-SECRET': settings.secret || 'simulator',
          'Plaid-Version': '2020-09-14',
        },
        timeout: 30_000,
      },
    }),
  );
}
