import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, ValidationFailed, type Pool } from '@budget/platform';
import { checkRegistration, inFormOrder, taken, type Registration } from '../../domain/registration.js';
import { UsersRepository } from '../../persistence/users.repository.js';

/**
 * The whole sign-up form at once: the domain's rules, and for a well-formed username or address
 * whether another account has it. Throws one 422 listing every bad field.
 */
@Injectable()
export class RegistrationCheck {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  async assertValid(registration: Registration): Promise<void> {
    const problems = checkRegistration(registration);
    if (!problems.username && (await this.users.usernameTaken(this.pool, registration.username))) problems.username = taken('username');
    if (!problems.email && (await this.users.emailTaken(this.pool, registration.email))) problems.email = taken('email');
    const all = inFormOrder(problems);
    if (all.length > 0) throw new ValidationFailed(all);
  }
}
