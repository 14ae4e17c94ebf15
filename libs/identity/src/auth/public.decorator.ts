import { SetMetadata } from '@nestjs/common';
import { IS_PUBLIC_ROUTE } from '@budget/platform';

/** The metadata key of public routes: the one `@Endpoint` sets for a contract with `public: true`. */
export const IS_PUBLIC = IS_PUBLIC_ROUTE;

/**
 * Marks a controller or route that answers without a bearer token. Routes declared with
 * `@Endpoint(contract)` need not use it: a contract's `public: true` sets the same metadata.
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
