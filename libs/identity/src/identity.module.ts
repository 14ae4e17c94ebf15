import { Inject, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { APP_CONFIG, migrate, PG_POOL, type AppConfig, type Pool } from '@budget/platform';
import { AccessTokens } from './auth/access-tokens.js';
import { AuthGuard } from './auth/auth.guard.js';
import { ReadSessionCheck } from './auth/read-session-check.js';
import { CodeIssuer } from './codes/code-issuer.js';
import { PendingEmailCodeSender } from './codes/pending-email-code-sender.js';
import { identityControllers, identityHandlers, identityUseCaseServices } from './identity.parts.js';
import { IDENTITY_OPTIONS, type IdentityModuleOptions } from './identity.options.js';
import { IdentityMailer } from './infra/identity-mailer.js';
import { PasswordHasher } from './infra/password-hasher.js';
import { RateLimiter } from './infra/rate-limiter.js';
import { DEFAULT_RATE_LIMITS, RATE_LIMITS } from './infra/rate-limits.js';
import { CodesRepository } from './persistence/codes.repository.js';
import { identityMigrations } from './persistence/identity.migrations.js';
import { RefreshTokensRepository } from './persistence/refresh-tokens.repository.js';
import { SessionsRepository } from './persistence/sessions.repository.js';
import { UsersRepository } from './persistence/users.repository.js';
import { PreferencesRepository } from './persistence/preferences.repository.js';
import { PushSubscriptionsRepository } from './push/push-subscriptions.repository.js';
import { loadVapidKeys, VAPID_KEYS } from './push/vapid-keys.js';
import { VapidPublicKeyRoute } from './push/vapid-public-key.route.js';
import { SessionTokens } from './session/session-tokens.js';

/**
 * Sign-up, sign-in, sessions and the user record (server-behaviour §4.1). Importing it installs
 * the global auth guard. Needs `CqrsModule.forRoot()` (its controllers dispatch on the buses),
 * PlatformModule (with MAIL_SENDER and PROJECTION_WAITER among its extra providers) and, through
 * `options.providers`, BUDGET_PROVISIONER and PROJECTIONS.
 */
@Module({})
export class IdentityModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  static forRoot(options: IdentityModuleOptions = {}): DynamicModule {
    return {
      module: IdentityModule,
      imports: options.imports ?? [],
      controllers: identityControllers,
      providers: [
        { provide: IDENTITY_OPTIONS, useValue: options },
        { provide: RATE_LIMITS, useValue: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits } },
        { provide: APP_GUARD, useClass: AuthGuard },
        AccessTokens, ReadSessionCheck, SessionTokens, CodeIssuer, PendingEmailCodeSender,
        PasswordHasher, RateLimiter, IdentityMailer,
        UsersRepository, SessionsRepository, RefreshTokensRepository, CodesRepository,
        PushSubscriptionsRepository, PreferencesRepository, VapidPublicKeyRoute,
        // Web push (server-behaviour §4.1, §5.3): VAPID_* from the environment, or the pair kept in .data/vapid.json.
        options.vapidKeys
          ? { provide: VAPID_KEYS, useValue: options.vapidKeys }
          : { provide: VAPID_KEYS, inject: [APP_CONFIG], useFactory: (config: AppConfig) => loadVapidKeys(process.env, config.repoRoot) },
        ...identityHandlers, ...identityUseCaseServices,
        ...(options.providers ?? []),
      ],
      exports: [AccessTokens, ReadSessionCheck],
    };
  }

  async onModuleInit(): Promise<void> {
    await migrate(this.pool, identityMigrations);
  }
}
