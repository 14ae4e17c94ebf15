import { ValidationFailed, type FieldError } from '@budget/platform';
import type { FieldProblem } from '../domain/field-error.js';

/** Reads JSON bodies field by field so each failure carries the spec's message and rule name. */
export class RequestBody {
  private readonly problems: FieldError[] = [];
  private readonly fields: Record<string, unknown>;

  constructor(body: unknown) {
    this.fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }

  /** The trimmed string, or undefined (with a `required` problem when `requiredMessage` is given). */
  string(name: string, requiredMessage?: string): string | undefined {
    const value = this.fields[name];
    const text = typeof value === 'string' ? value.trim() : undefined;
    if ((text === undefined || text === '') && requiredMessage) this.fail(name, 'required', requiredMessage);
    return text;
  }

  /** The value inside a `{data:{…}}` wrapper (refresh, logout). */
  nested(name: string): RequestBody {
    return new RequestBody(this.fields[name]);
  }

  fail(field: string, code: string, message: string): void {
    if (!this.problems.some((p) => p.field === field)) this.problems.push({ field, code, message });
  }

  add(problem: FieldProblem | null): void {
    if (problem) this.fail(problem.field, problem.code, problem.message);
  }

  hasProblem(field: string): boolean {
    return this.problems.some((p) => p.field === field);
  }

  /** Throws the collected problems as one 422. */
  done(): void {
    if (this.problems.length > 0) throw new ValidationFailed(this.problems);
  }
}

export function invalid(field: string, code: string, message: string, status = 422): ValidationFailed {
  return new ValidationFailed([{ field, code, message }], status);
}
