import type { DynamicModule, Provider } from '@nestjs/common';
import type { RateLimitTable } from './infra/rate-limits.js';
import type { VapidKeys } from './push/vapid-keys.js';

/** Settings of IdentityModule.forRoot. */
export interface IdentityOptions {
  /** Prefix of every rate-limit key in Redis (tests use a unique one per run). Default `rl:`. */
  rateLimitKeyPrefix?: string;
  /** Overrides of the default limits (`DEFAULT_RATE_LIMITS`). */
  rateLimits?: Partial<RateLimitTable>;
  /** The web-push key pair; default: `loadVapidKeys` (VAPID_* variables or `.data/vapid.json`). */
  vapidKeys?: VapidKeys;
}

export interface IdentityModuleOptions extends IdentityOptions {
  /** Modules that the providers below need (e.g. the budget module behind BUDGET_PROVISIONER). */
  imports?: DynamicModule['imports'];
  /** Must provide BUDGET_PROVISIONER and PROJECTIONS (the projector's projection list). */
  providers?: Provider[];
}

export const IDENTITY_OPTIONS = Symbol.for('budget.identity.Options');
