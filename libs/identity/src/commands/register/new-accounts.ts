import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  cancelOutboxJob, CLOCK, EVENT_STORE, ID_GENERATOR, mailJobId, PG_POOL, ValidationFailed, withTransaction,
  type Clock, type EventStore, type IdGenerator, type Pool,
} from '@budget/platform';
import { CodeIssuer } from '../../codes/code-issuer.js';
import { welcomeMail } from '../../domain/identity-mails.js';
import { taken } from '../../domain/registration.js';
import { IdentityMailer } from '../../infra/identity-mailer.js';
import { isUniqueViolation } from '../../persistence/queryable.js';
import { UsersRepository } from '../../persistence/users.repository.js';
import { BUDGET_PROVISIONER, type BudgetProvisioner } from '../../ports.js';

export interface NewAccount {
  userId: string;
  username: string;
  email: string;
  passwordHash: string;
}

/**
 * The stored side of sign-up: the user row with its welcome code and mail (one transaction), then the
 * default budget; when the budget cannot be made, the user row, its mail and any events go again.
 */
/** The welcome mail's key: one per user, so a replayed sign-up never mails twice. */
const welcomeMailKey = (userId: string): string => `welcome-${userId}`;

@Injectable()
export class NewAccounts {
  private readonly logger = new Logger('NewAccounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BUDGET_PROVISIONER) private readonly provisioner: BudgetProvisioner,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CodeIssuer) private readonly codes: CodeIssuer,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
  ) {}

  /**
   * Inserts the user, its sign-in code and the "Welcome!" mail carrying it, in one transaction:
   * the mail is a row of the job outbox, so a committed sign-up always gets its code mailed.
   */
  async create({ userId, username, email, passwordHash }: NewAccount): Promise<void> {
    try {
      await withTransaction(this.pool, async (client) => {
        await this.users.insert(client, { id: userId, username, email, passwordHash, roles: [], createdAt: this.clock.now() });
        const code = await this.codes.issue(client, userId, 'sign-in', email);
        await this.mailer.send({ ...welcomeMail(email, username, code), idempotencyKey: welcomeMailKey(userId) }, client);
      });
    } catch (error) {
      // A concurrent sign-up took the name or address between the check and the insert.
      if (isUniqueViolation(error, 'identity_users_username')) throw new ValidationFailed([taken('username')]);
      if (isUniqueViolation(error, 'identity_users_email')) throw new ValidationFailed([taken('email')]);
      throw error;
    }
  }

  /** The default budget; returns the global position to wait for. Undoes the sign-up on failure. */
  async provision(userId: string): Promise<bigint> {
    try {
      return await this.provisioner.provision(userId, this.ids.next());
    } catch (error) {
      await this.undo(userId);
      throw error;
    }
  }

  private async undo(userId: string): Promise<void> {
    await this.store.deleteUserStreams(userId).catch((e: Error) => this.logger.error(`undo sign-up ${userId}: events: ${e.message}`));
    await this.users.delete(this.pool, userId).catch((e: Error) => this.logger.error(`undo sign-up ${userId}: user row: ${e.message}`));
    await cancelOutboxJob(this.pool, mailJobId({ idempotencyKey: welcomeMailKey(userId) })).catch((e: Error) => this.logger.error(`undo sign-up ${userId}: mail: ${e.message}`));
  }
}
