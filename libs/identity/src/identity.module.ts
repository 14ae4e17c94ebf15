import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { migrate, PG_POOL, type Pool } from '@budget/platform';
import { AccessTokens } from './auth/access-tokens.js';
import { AuthGuard } from './auth/auth.guard.js';
import { identityMigrations } from './persistence/identity.migrations.js';
import { SessionsRepository } from './persistence/sessions.repository.js';

/**
 * Sign-up, sign-in, sessions and the user record (server-behaviour §4.1). Importing it installs
 * the global auth guard. Needs from the composition root: PlatformModule, MAIL_SENDER,
 * PROJECTION_WAITER, BUDGET_PROVISIONER and PROJECTIONS.
 */
@Module({
  providers: [AccessTokens, SessionsRepository, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AccessTokens],
})
export class IdentityModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrate(this.pool, identityMigrations);
  }
}
