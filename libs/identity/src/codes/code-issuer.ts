import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, CLOCK, type AppConfig, type Clock } from '@budget/platform';
import { codeExpiry, normalizeCode } from '../domain/one-time-code.js';
import { CodesRepository, type CodePurpose } from '../persistence/codes.repository.js';
import type { Queryable } from '../persistence/queryable.js';
import { codeHash, newOneTimeCode } from '../infra/secrets.js';

/** Makes a one-time code for an address, stores only its keyed hash, and returns it for the e-mail. */
@Injectable()
export class CodeIssuer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CodesRepository) private readonly codes: CodesRepository,
  ) {}

  async issue(db: Queryable, userId: string, purpose: CodePurpose, address: string): Promise<string> {
    const code = newOneTimeCode();
    const now = this.clock.now();
    await this.codes.put(db, { userId, purpose, address, codeHash: this.hashOf(purpose, address, normalizeCode(code)!), now, expiresAt: codeExpiry(now) });
    return code;
  }

  hashOf(purpose: CodePurpose, address: string, normalizedCode: string): string {
    return codeHash(this.config.jwtSecret, purpose, address, normalizedCode);
  }
}
