import { Controller, Delete, HttpCode, Inject } from '@nestjs/common';
import { CurrentUserId } from '../../auth/current-user.decorator.js';
import { DeleteUserService } from './delete-user.service.js';

@Controller()
export class DeleteUserController {
  constructor(@Inject(DeleteUserService) private readonly service: DeleteUserService) {}

  /** Deletes the caller's account (only ever the caller's); empty 200 once everything is gone. */
  @Delete('user')
  @HttpCode(200)
  async delete(@CurrentUserId() userId: string): Promise<void> {
    await this.service.erase(userId);
  }
}
