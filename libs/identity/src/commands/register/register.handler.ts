import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CLOCK, EVENT_STORE, ID_GENERATOR, PG_POOL, PROJECTION_WAITER, ValidationFailed, withTransaction,
  type Clock, type EventStore, type FieldError, type IdGenerator, type Pool, type ProjectionWaiter,
} from '@budget/platform';
import { welcomeMail } from '../../domain/identity-mails.js';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { IdentityMailer } from '../../infra/identity-mailer.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { isUniqueViolation } from '../../persistence/queryable.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { BUDGET_PROVISIONER, type BudgetProvisioner } from '../../ports.js';
import type { RegisterRequest } from './register.request.js';

const TAKEN = { username: 'The username has already been taken', email: 'The email has already been taken' } as const;

/**
 * Sign-up in one flow: the user row (with its welcome code), then the default budget, then the
 * "Welcome!" mail. If the budget cannot be made, the user row and any events are removed again.
 */
@Injectable()
export class RegisterService {
  private readonly logger = new Logger('RegisterService');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(BUDGET_PROVISIONER) private readonly provisioner: BudgetProvisioner,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodeIssuer) private readonly codes: CodeIssuer,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async register(request: RegisterRequest, clientIp: string): Promise<void> {
    await this.limiter.consume(`register:ip:${clientIp}`, this.limits.registerPerIp);
    await this.assertFree(request);
    const userId = this.ids.next();
    const passwordHash = await this.hasher.hash(request.password);
    const code = await this.createUser(userId, request, passwordHash);
    let position: bigint;
    try {
      position = await this.provisioner.provision(userId, this.ids.next());
    } catch (error) {
      await this.undo(userId);
      throw error;
    }
    await this.waiter.waitFor(position, 5_000).catch((e: Error) => this.logger.warn(`default budget not projected yet: ${e.message}`));
    await this.mailer.sendOrLog(welcomeMail(request.email, request.username, code));
  }

  private async assertFree(request: RegisterRequest): Promise<void> {
    const problems: FieldError[] = [];
    if (await this.users.usernameTaken(this.pool, request.username)) problems.push({ field: 'username', code: 'database.unique', message: TAKEN.username });
    if (await this.users.emailTaken(this.pool, request.email)) problems.push({ field: 'email', code: 'database.unique', message: TAKEN.email });
    if (problems.length > 0) throw new ValidationFailed(problems);
  }

  private async createUser(userId: string, request: RegisterRequest, passwordHash: string): Promise<string> {
    try {
      return await withTransaction(this.pool, async (client) => {
        const createdAt = this.clock.now();
        await this.users.insert(client, { id: userId, username: request.username, email: request.email, passwordHash, roles: [], createdAt });
        return this.codes.issue(client, userId, 'sign-in', request.email);
      });
    } catch (error) {
      // A concurrent sign-up took the name or address between the check and the insert.
      if (isUniqueViolation(error, 'identity_users_username')) throw new ValidationFailed([{ field: 'username', code: 'database.unique', message: TAKEN.username }]);
      if (isUniqueViolation(error, 'identity_users_email')) throw new ValidationFailed([{ field: 'email', code: 'database.unique', message: TAKEN.email }]);
      throw error;
    }
  }

  private async undo(userId: string): Promise<void> {
    await this.store.deleteUserStreams(userId).catch((e: Error) => this.logger.error(`undo sign-up ${userId}: events: ${e.message}`));
    await this.users.delete(this.pool, userId).catch((e: Error) => this.logger.error(`undo sign-up ${userId}: user row: ${e.message}`));
  }
}
