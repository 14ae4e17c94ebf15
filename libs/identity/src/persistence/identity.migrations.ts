import type { Migration } from '@budget/platform';

/**
 * Identity lives in ordinary tables (docs/architecture.md §1, §7): it is not money and must be erasable.
 * Every row hangs off `identity_users` with ON DELETE CASCADE, so deleting the user row erases it all.
 */
export const identityMigrations: Migration[] = [
  {
    id: 'identity-001-users',
    sql: `
      CREATE TABLE identity_users (
        id                uuid PRIMARY KEY,
        username          text NOT NULL,
        email             text NOT NULL,
        email_verified_at timestamptz,
        pending_email     text,
        password_hash     text NOT NULL,
        roles             jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at        timestamptz NOT NULL,
        updated_at        timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX identity_users_username ON identity_users (username);
      CREATE UNIQUE INDEX identity_users_email ON identity_users (email);
      CREATE INDEX identity_users_pending_email ON identity_users (pending_email) WHERE pending_email IS NOT NULL;
    `,
  },
  {
    id: 'identity-002-sessions',
    sql: `
      CREATE TABLE identity_sessions (
        id             uuid PRIMARY KEY,
        user_id        uuid NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
        created_at     timestamptz NOT NULL,
        revoked_at     timestamptz,
        revoked_reason text
      );
      CREATE INDEX identity_sessions_user ON identity_sessions (user_id);
      CREATE TABLE identity_refresh_tokens (
        token_hash  text PRIMARY KEY,
        session_id  uuid NOT NULL REFERENCES identity_sessions (id) ON DELETE CASCADE,
        user_id     uuid NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz
      );
      CREATE INDEX identity_refresh_tokens_session ON identity_refresh_tokens (session_id);
      CREATE INDEX identity_refresh_tokens_user ON identity_refresh_tokens (user_id);
    `,
  },
  {
    id: 'identity-003-codes',
    sql: `
      CREATE TABLE identity_codes (
        user_id         uuid NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
        purpose         text NOT NULL CHECK (purpose IN ('sign-in', 'email-change')),
        address         text NOT NULL,
        code_hash       text NOT NULL,
        created_at      timestamptz NOT NULL,
        expires_at      timestamptz NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        consumed_at     timestamptz,
        PRIMARY KEY (user_id, purpose)
      );
      CREATE INDEX identity_codes_address ON identity_codes (address);
    `,
  },
  {
    // Web push (server-behaviour §4.1 register-push/web, §5.3): one row per endpoint.
    id: 'identity-004-push-subscriptions',
    sql: `
      CREATE TABLE identity_push_subscriptions (
        endpoint   text PRIMARY KEY,
        user_id    uuid NOT NULL REFERENCES identity_users (id) ON DELETE CASCADE,
        p256dh     text NOT NULL,
        auth       text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX identity_push_subscriptions_user ON identity_push_subscriptions (user_id);
    `,
  },
  {
    // The user page's preferences (date format, first day of the week, theme); null = defaults.
    id: 'identity-005-preferences',
    sql: `ALTER TABLE identity_users ADD COLUMN preferences jsonb NOT NULL DEFAULT '{}'::jsonb;`,
  },
  {
    // Re-authentication (src/domain/reauthentication.ts): how a session was opened — 'password'
    // (login) or 'code' (code-verify: recovery, the welcome code, an e-mail change). Sessions opened
    // before this migration count as 'password', which never skips the current password.
    id: 'identity-006-session-origin',
    sql: `ALTER TABLE identity_sessions ADD COLUMN origin text NOT NULL DEFAULT 'password' CHECK (origin IN ('password', 'code'));`,
  },
];
