export interface ServerError {
  message: string;
  stack: string;
}

function hasMessageAndStack(body: unknown): body is { message: string; stack: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { message, stack } = body as Record<string, unknown>;
  return typeof message === 'string' && typeof stack === 'string';
}

/**
 * The server's debug error page as the client shows it: a status of 500 or more, or a 404 with
 * code E_ROUTE_NOT_FOUND, whose body has message and stack. The first stack line becomes the
 * message and the remaining lines the stack. Anything else is not a server error.
 */
export function toServerError(status: number, body: unknown): ServerError | null {
  if (!hasMessageAndStack(body)) return null;
  const routeNotFound = status === 404 && (body as { code?: unknown }).code === 'E_ROUTE_NOT_FOUND';
  if (status < 500 && !routeNotFound) return null;
  const [first = '', ...rest] = body.stack.split('\n');
  return { message: first, stack: rest.join('\n') };
}
