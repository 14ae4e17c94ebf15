import type { Migration } from '@budget/platform';

/**
 * Every call to Plaid, successful or not (server-behaviour §4.2.3 step 6), with its request and
 * answer redacted before they are written (no access token, secret or public token ever lands here).
 */
export const providerLogMigrations: Migration[] = [
  {
    id: 'bank-sync-001-provider-log',
    sql: `
      CREATE TABLE bank_provider_log (
        id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        created_at  timestamptz NOT NULL DEFAULT now(),
        user_id     uuid,
        item_id     text,
        endpoint    text NOT NULL,
        status      integer NOT NULL,
        duration_ms integer NOT NULL,
        request_id  text,
        error_code  text,
        request     jsonb,
        response    jsonb
      );
      CREATE INDEX bank_provider_log_created ON bank_provider_log (created_at DESC, id DESC);
      CREATE INDEX bank_provider_log_user ON bank_provider_log (user_id);
    `,
  },
];
