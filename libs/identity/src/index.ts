export { Public, IS_PUBLIC } from './auth/public.decorator.js';
export { CurrentUserId, CurrentSessionId } from './auth/current-user.decorator.js';
export type { Caller, RequestWithCaller } from './auth/authenticated-request.js';
export { AuthGuard } from './auth/auth.guard.js';
export { AccessTokens, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from './auth/access-tokens.js';
export { IdentityModule } from './identity.module.js';
export { identityMigrations } from './persistence/identity.migrations.js';
