import { createParamDecorator, Injectable, type ArgumentMetadata, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import type { RouteContract, RouteInput } from '@budget/contracts';
import type { z } from 'zod';
import { NotFound, ValidationFailed, type FieldError } from '../errors.js';

interface RawRequest {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

const readRequest = createParamDecorator((_contract: RouteContract, context: ExecutionContext): RawRequest => {
  const request = context.switchToHttp().getRequest<RawRequest>();
  return { params: request.params, query: request.query, body: request.body };
});

function issuesOf(error: z.ZodError, prefix: string | null): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return { field: path || prefix || 'body', message: issue.message, code: issue.code };
  });
}

/**
 * The one pipe every route's input goes through: path parameters, query string and body are
 * parsed with the route's schemas from `libs/contracts`. A malformed path id names no row of
 * the caller's (404); a bad query or body field answers the spec's 422 with one entry per field.
 * Nothing unchecked reaches a handler, so nothing PostgreSQL would refuse reaches the database.
 */
@Injectable()
export class ContractValidationPipe implements PipeTransform<RawRequest, RouteInput<RouteContract>> {
  transform(value: RawRequest, metadata: ArgumentMetadata): RouteInput<RouteContract> {
    const contract = metadata.data as unknown as RouteContract;
    const params = contract.params ? contract.params.safeParse(value.params ?? {}) : null;
    if (params && !params.success) throw new NotFound('Not found');
    const problems: FieldError[] = [];
    const query = contract.query ? contract.query.safeParse(value.query ?? {}) : null;
    if (query && !query.success) problems.push(...issuesOf(query.error, 'query'));
    const rawBody = value.body === undefined || value.body === null || value.body === '' ? (contract.bodyType === 'text' ? '' : {}) : value.body;
    const body = contract.body ? contract.body.safeParse(rawBody) : null;
    if (body && !body.success) problems.push(...issuesOf(body.error, 'body'));
    if (problems.length > 0) throw new ValidationFailed(problems);
    return {
      params: (params?.data ?? {}) as never,
      query: (query?.data ?? {}) as never,
      body: (body?.data ?? {}) as never,
    };
  }
}

/**
 * The checked input of a route: `handle(@Input(addGroup) input: RouteInput<typeof addGroup>)`.
 * Path, query and body are validated together so one answer lists every bad field.
 */
export const Input = (contract: RouteContract): ParameterDecorator => readRequest(contract, ContractValidationPipe);
