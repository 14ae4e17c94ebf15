import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { callerOf, type RequestWithCaller } from './authenticated-request.js';

/** The signed-in user's id, set by the global auth guard: `handle(@CurrentUserId() userId: string)`. */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  callerOf(context.switchToHttp().getRequest<RequestWithCaller>()).userId,
);

/** The session (refresh-token family) of the current access token. */
export const CurrentSessionId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  callerOf(context.switchToHttp().getRequest<RequestWithCaller>()).sessionId,
);
