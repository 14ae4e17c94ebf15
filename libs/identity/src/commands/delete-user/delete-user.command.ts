import { Command } from '@nestjs/cqrs';

/** Erase the caller's account, events and read-model rows. */
export class DeleteUserCommand extends Command<void> {
  constructor(readonly userId: string) {
    super();
  }
}
