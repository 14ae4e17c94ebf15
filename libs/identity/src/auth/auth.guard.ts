import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Unauthorized } from '@budget/platform';
import { READ_POSITION_CHECKPOINT, type RequestWithCaller } from './authenticated-request.js';
import { IS_PUBLIC } from './public.decorator.js';
import { ReadSessionCheck } from './read-session-check.js';

interface HttpRequest extends RequestWithCaller {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Global guard: every route needs `Authorization: Bearer <access token>` unless its route is public (a contract with `public: true`, or `@Public()`).
 * Besides the signature and expiry it checks that the token's session is still live, so logout,
 * a password change or account deletion also stop access tokens issued before them. When the app
 * keys its read answers by the user's projected position (`READ_POSITION_CHECKPOINT`), a GET's
 * session check reads that position in the same statement (`request.readPosition`); a GET the
 * API's kept-answer hook already checked and let through is taken as that check found it.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ReadSessionCheck) private readonly reads: ReadSessionCheck,
    @Optional() @Inject(READ_POSITION_CHECKPOINT) private readonly readPositionOf?: string,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<HttpRequest>();
    if (this.readPositionOf && request.method === 'GET') {
      const read = this.reads.take(request) ?? (await this.reads.check(request.headers.authorization, this.readPositionOf));
      if (!read) throw new Unauthorized();
      request.readPosition = read.position;
      request.caller = read.caller;
      return true;
    }
    const caller = await this.reads.caller(request.headers.authorization);
    if (!caller) throw new Unauthorized();
    request.caller = caller;
    return true;
  }
}
