/** What the auth guard attaches to a request it let through. */
export interface Caller {
  userId: string;
  /** The session (refresh-token family) the access token was issued for. */
  sessionId: string;
}

export interface RequestWithCaller {
  caller?: Caller;
}

export function callerOf(request: RequestWithCaller): Caller {
  if (!request.caller) throw new Error('No authenticated caller on this request: is the route marked @Public()?');
  return request.caller;
}
