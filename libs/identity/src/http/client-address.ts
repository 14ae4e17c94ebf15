import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The caller's IP address as Fastify saw it (honours `trustProxy` when the app sets it). */
export function clientAddress(request: { ip?: string }): string {
  return request.ip ?? 'unknown';
}

/** The caller's IP address, for the rate limits: `handle(@ClientAddress() clientIp: string)`. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientAddress(context.switchToHttp().getRequest<{ ip?: string }>()),
);
