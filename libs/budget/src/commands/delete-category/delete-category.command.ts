import { Command } from '@nestjs/cqrs';

/** Delete one of the caller's categories from the route's group. */
export class DeleteCategoryCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly groupId: string,
    readonly categoryId: string,
  ) {
    super();
  }
}
