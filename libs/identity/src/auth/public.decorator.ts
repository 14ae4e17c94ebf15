import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'budget.identity.public';

/** Marks a controller or route that answers without a bearer token (sign-up, sign-in, health). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
