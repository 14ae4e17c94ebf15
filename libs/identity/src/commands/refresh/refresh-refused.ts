import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';

/** A refused refresh token: the original answers 401 with an empty body (server-behaviour §4.1). */
export class RefreshRefused extends Error {
  constructor() {
    super('refresh token refused');
  }
}

@Catch(RefreshRefused)
export class RefreshRefusedFilter implements ExceptionFilter {
  catch(_error: RefreshRefused, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<{ status(code: number): { send(): void } }>().status(401).send();
  }
}
