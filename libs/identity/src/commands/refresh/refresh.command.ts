import { Command } from '@nestjs/cqrs';
import type { refreshTokens, RouteResponse } from '@budget/contracts';

/** Spend a refresh token for a new pair of the same session. */
export class RefreshCommand extends Command<RouteResponse<typeof refreshTokens>> {
  constructor(readonly refreshToken: string | undefined) {
    super();
  }
}
