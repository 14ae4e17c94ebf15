import { applyDecorators, HttpCode, RequestMapping, RequestMethod, SetMetadata, type Type } from '@nestjs/common';
import { colonPath, type RouteContract } from '@budget/contracts';

/** Metadata keys the contract pipe, the answer check, the docs and the route tests read. */
export const ROUTE_CONTRACT = 'budget.http.routeContract';
export const ROUTE_MESSAGE = 'budget.http.routeMessage';
/** Routes (or controllers) that answer without a bearer token; the identity guard reads it. */
export const IS_PUBLIC_ROUTE = 'budget.identity.public';

const METHODS = {
  GET: RequestMethod.GET, POST: RequestMethod.POST, PUT: RequestMethod.PUT, PATCH: RequestMethod.PATCH, DELETE: RequestMethod.DELETE,
} as const;

/**
 * Maps a controller method to one route of `libs/contracts` and the command or query class it
 * dispatches (docs/architecture.md §11.2): `@Endpoint(addGroup, AddGroupCommand)`. Sets the method and path,
 * the success status, whether the route is public, and the metadata a test uses to list every
 * route with the handler the buses find for it.
 */
export function Endpoint(contract: RouteContract, message: Type<unknown>): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: colonPath(contract.path), method: METHODS[contract.method] }),
    HttpCode(contract.status ?? 200),
    SetMetadata(ROUTE_CONTRACT, contract),
    SetMetadata(ROUTE_MESSAGE, message),
    ...(contract.public ? [SetMetadata(IS_PUBLIC_ROUTE, true)] : []),
  );
}
