import { Injectable } from '@nestjs/common';
import { DEFAULT_PREFERENCES, userPreferences, type UserPreferences } from '@budget/contracts';
import type { Queryable } from './queryable.js';

/**
 * The user page's preferences, a jsonb column of `identity_users` (erased with the user). What
 * was stored is read through the contract's schema field by field, so a value a later version no
 * longer knows falls back to its default instead of failing the page.
 */
@Injectable()
export class PreferencesRepository {
  async get(db: Queryable, userId: string): Promise<UserPreferences | null> {
    const { rows } = await db.query<{ preferences: Record<string, unknown> }>('SELECT preferences FROM identity_users WHERE id = $1', [userId]);
    return rows[0] ? readPreferences(rows[0].preferences) : null;
  }

  /** Merges the fields given; answers all of them, or null when the user is gone. */
  async update(db: Queryable, userId: string, changes: Partial<UserPreferences>, now: Date): Promise<UserPreferences | null> {
    const { rows } = await db.query<{ preferences: Record<string, unknown> }>(
      'UPDATE identity_users SET preferences = preferences || $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING preferences',
      [userId, JSON.stringify(changes), now],
    );
    return rows[0] ? readPreferences(rows[0].preferences) : null;
  }
}

export function readPreferences(stored: Record<string, unknown>): UserPreferences {
  const shape = userPreferences.shape;
  const field = <K extends keyof UserPreferences>(key: K): UserPreferences[K] => {
    const parsed = shape[key].safeParse(stored[key]);
    return parsed.success ? (parsed.data as UserPreferences[K]) : DEFAULT_PREFERENCES[key];
  };
  return { dateFormat: field('dateFormat'), weekStart: field('weekStart'), theme: field('theme') };
}
