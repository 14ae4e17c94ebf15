import { Command } from '@nestjs/cqrs';

/** Erase the caller's account, events and read-model rows (after re-authentication). */
export class DeleteUserCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly currentPassword?: string,
  ) {
    super();
  }
}
