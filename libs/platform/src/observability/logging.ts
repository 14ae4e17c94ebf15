import type { LoggerService } from '@nestjs/common';
import pino, { type Logger as PinoLogger } from 'pino';

/**
 * Structured logs (docs/architecture.md §12): one JSON object per line through pino, with the
 * service's name, so a log pipeline can index them and no field can forge a line (a newline in a
 * value stays inside its JSON string). `LOG_LEVEL` sets the level (default `info`).
 */
export function createServiceLogger(service: string, env: NodeJS.ProcessEnv = process.env, destination?: pino.DestinationStream): PinoLogger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Never a token, a password or a body: nothing logs them, and these paths are cut if one slips in.
    redact: { paths: ['authorization', '*.authorization', 'password', '*.password', 'token', '*.token', 'body', '*.body'], censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Nest's logger interface over pino: the framework's and the services' own messages as JSON lines. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: PinoLogger) {}

  log(message: unknown, ...optional: unknown[]): void {
    this.write('info', message, optional);
  }
  error(message: unknown, ...optional: unknown[]): void {
    this.write('error', message, optional);
  }
  warn(message: unknown, ...optional: unknown[]): void {
    this.write('warn', message, optional);
  }
  debug(message: unknown, ...optional: unknown[]): void {
    this.write('debug', message, optional);
  }
  verbose(message: unknown, ...optional: unknown[]): void {
    this.write('trace', message, optional);
  }
  fatal(message: unknown, ...optional: unknown[]): void {
    this.write('fatal', message, optional);
  }

  /** Nest passes (message, context) or (message, stack, context): the last string is the context. */
  private write(level: pino.Level, message: unknown, optional: unknown[]): void {
    const strings = optional.filter((o): o is string => typeof o === 'string');
    const context = strings.length > 0 ? strings[strings.length - 1] : undefined;
    const stack = level === 'error' && strings.length > 1 ? strings[0] : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ ...fields, ...(message as object) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

/** What one request's log line carries: never its body, its query string or its headers. */
export interface RequestLogLine {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId: string | null;
  requestId: string;
  correlationId?: string | null;
}
