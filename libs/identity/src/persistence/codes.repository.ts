import { Injectable } from '@nestjs/common';
import type { StoredCodeState } from '../domain/one-time-code.js';
import type { Queryable } from './queryable.js';

export type CodePurpose = 'sign-in' | 'email-change';

export interface StoredCode extends StoredCodeState {
  userId: string;
  purpose: CodePurpose;
  address: string;
  codeHash: string;
}

/** At most one code per user and purpose: issuing a new one replaces the old one. */
@Injectable()
export class CodesRepository {
  async put(db: Queryable, code: { userId: string; purpose: CodePurpose; address: string; codeHash: string; now: Date; expiresAt: Date }): Promise<void> {
    await db.query(
      `INSERT INTO identity_codes (user_id, purpose, address, code_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, purpose) DO UPDATE
         SET address = EXCLUDED.address, code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at,
             expires_at = EXCLUDED.expires_at, failed_attempts = 0, consumed_at = NULL`,
      [code.userId, code.purpose, code.address, code.codeHash, code.now, code.expiresAt],
    );
  }

  /** Codes sent to this address and not yet used, locked for the attempt being judged. */
  async unusedForAddressForUpdate(db: Queryable, address: string): Promise<StoredCode[]> {
    const { rows } = await db.query<{
      user_id: string; purpose: CodePurpose; address: string; code_hash: string; expires_at: Date; failed_attempts: number; consumed_at: Date | null;
    }>(
      `SELECT user_id, purpose, address, code_hash, expires_at, failed_attempts, consumed_at
         FROM identity_codes WHERE address = $1 AND consumed_at IS NULL
        ORDER BY created_at DESC, user_id FOR UPDATE`,
      [address],
    );
    return rows.map((r) => ({
      userId: r.user_id, purpose: r.purpose, address: r.address, codeHash: r.code_hash,
      expiresAt: r.expires_at, failedAttempts: r.failed_attempts, consumedAt: r.consumed_at,
    }));
  }

  async recordFailure(db: Queryable, userId: string, purpose: CodePurpose): Promise<void> {
    await db.query('UPDATE identity_codes SET failed_attempts = failed_attempts + 1 WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  }

  async consume(db: Queryable, userId: string, purpose: CodePurpose, now: Date): Promise<void> {
    await db.query('UPDATE identity_codes SET consumed_at = $3 WHERE user_id = $1 AND purpose = $2', [userId, purpose, now]);
  }

  async discard(db: Queryable, userId: string, purpose: CodePurpose): Promise<void> {
    await db.query('DELETE FROM identity_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  }
}
