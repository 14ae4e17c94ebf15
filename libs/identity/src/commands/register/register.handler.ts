import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ID_GENERATOR, PROJECTION_WAITER, type IdGenerator, type ProjectionWaiter } from '@budget/platform';
import { readRegistration } from '../../domain/registration.js';
import { PasswordHasher } from '../../infra/password-hasher.js';
import { RateLimiter } from '../../infra/rate-limiter.js';
import { RATE_LIMITS, type RateLimitTable } from '../../infra/rate-limits.js';
import { NewAccounts } from './new-accounts.js';
import { RegisterCommand } from './register.command.js';
import { RegistrationCheck } from './registration-check.js';

/**
 * Sign-up in one flow: count the attempt, check the whole form (one 422 for every bad field,
 * taken names included), store the user with its welcome code and "Welcome!" mail (the job outbox,
 * same transaction), provision the default budget, wait (bounded) for the projector.
 */
@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand> {
  private readonly logger = new Logger('RegisterHandler');

  constructor(
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(PROJECTION_WAITER) private readonly waiter: ProjectionWaiter,
    @Inject(RegistrationCheck) private readonly check: RegistrationCheck,
    @Inject(NewAccounts) private readonly accounts: NewAccounts,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(RATE_LIMITS) private readonly limits: RateLimitTable,
  ) {}

  async execute({ body, clientIp }: RegisterCommand): Promise<void> {
    const registration = readRegistration(body);
    await this.limiter.consume(`register:ip:${clientIp}`, this.limits.registerPerIp);
    await this.check.assertValid(registration);
    const userId = this.ids.next();
    const { username, email } = registration;
    await this.accounts.create({ userId, username, email, passwordHash: await this.hasher.hash(registration.password) });
    const position = await this.accounts.provision(userId);
    await this.waiter.waitFor(position, 5_000, userId).catch((e: Error) => this.logger.warn(`default budget not projected yet: ${e.message}`));
  }
}
