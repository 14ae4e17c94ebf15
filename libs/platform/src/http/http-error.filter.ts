import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { Conflict, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from './errors.js';

interface Reply {
  status(code: number): Reply;
  header(name: string, value: string): Reply;
  send(body?: unknown): void;
}

const INCORRECT_VERSION_DETAIL = 'The version of the transaction does not match the version stored in the database.';

/** Maps every error to the spec's error format; unknown errors become a 500 without internals. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<Reply>();
    const [status, body] = this.toResponse(error);
    if (error instanceof TooManyRequests) reply.header('Retry-After', String(error.retryAfterSeconds));
    reply.status(status).send(body);
  }

  private toResponse(error: unknown): [number, unknown] {
    if (error instanceof ValidationFailed) {
      return [
        error.status,
        {
          errors: error.errors.map((e) => ({
            field: e.field,
            message: e.message,
            code: e.code,
            detail: e.message,
            source: { pointer: e.field },
          })),
        },
      ];
    }
    if (error instanceof WrongExpectedRevisionError) {
      return [409, { errors: [{ code: 'INCORRECT_VERSION', status: '409', detail: INCORRECT_VERSION_DETAIL, message: INCORRECT_VERSION_DETAIL }] }];
    }
    if (error instanceof Conflict) {
      return [409, { errors: [{ code: error.code, status: '409', detail: error.detail, message: error.detail }] }];
    }
    if (error instanceof NotFound) return [404, { errors: [{ code: 'E_ROW_NOT_FOUND', status: '404', detail: error.message, message: error.message }] }];
    if (error instanceof Unauthorized) return [401, { errors: [{ code: 'E_UNAUTHORIZED_ACCESS', message: error.message, detail: error.message }] }];
    if (error instanceof TooManyRequests) return [429, { errors: [{ code: 'E_TOO_MANY_REQUESTS', message: error.message, detail: error.message }] }];
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const message = status === 404 ? 'Route not found' : error.message;
      return [status, { errors: [{ code: status === 404 ? 'E_ROUTE_NOT_FOUND' : `HTTP_${status}`, message, detail: message }] }];
    }
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return [500, { errors: [{ code: 'E_INTERNAL', message: 'Something went wrong on our side.', detail: 'Something went wrong on our side.' }] }];
  }
}
