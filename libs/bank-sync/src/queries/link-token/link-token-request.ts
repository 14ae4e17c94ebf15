import { CountryCode, Products, type LinkTokenCreateRequest } from 'plaid';
import type { PlaidSettings } from '@budget/platform';

/**
 * `/link/token/create` as server-behaviour §4.1 describes it: the user id as client user id,
 * product `transactions`, country US, language `en`, the webhook when one is configured. With an
 * access token it is update mode (relink, or pick more accounts): no products, account selection on.
 */
export function linkTokenRequest(userId: string, settings: PlaidSettings, accessToken?: string): LinkTokenCreateRequest {
  return {
    user: { client_user_id: userId },
    client_name: 'Budget',
    country_codes: [CountryCode.Us],
    language: 'en',
    ...(settings.webhookUrl ? { webhook: settings.webhookUrl } : {}),
    ...(accessToken ? { access_token: accessToken, update: { account_selection_enabled: true } } : { products: [Products.Transactions] }),
  };
}
