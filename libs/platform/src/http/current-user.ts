import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** What the auth guard (identity) attaches to a request it let through. */
export interface RequestCaller {
  userId: string;
  /** The session (refresh-token family) the access token was issued for. */
  sessionId: string;
}

export function callerOf(request: { caller?: RequestCaller }): RequestCaller {
  if (!request.caller) throw new Error('No authenticated caller on this request: is the route public?');
  return request.caller;
}

/** The signed-in user's id, set by the global auth guard: `handle(@CurrentUserId() userId: string)`. */
export const CurrentUserId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  callerOf(context.switchToHttp().getRequest<{ caller?: RequestCaller }>()).userId,
);

/** The session (refresh-token family) of the current access token. */
export const CurrentSessionId = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  callerOf(context.switchToHttp().getRequest<{ caller?: RequestCaller }>()).sessionId,
);
