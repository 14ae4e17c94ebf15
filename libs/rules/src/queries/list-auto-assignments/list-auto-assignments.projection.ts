import type { PoolClient, Projection, StoredEvent } from '@budget/platform';
import { isRulesEvent, isRulesStream, ruleConditionsOf, type RulesEvent } from '../../domain/index.js';
import { RULES_TABLE, rulesMigrations } from './list-auto-assignments.migrations.js';

/** The user's live rules, for GET /auto-assignments. */
export const rulesProjection: Projection = {
  name: 'rules.auto-assignments',
  migrations: rulesMigrations,
  tables: [RULES_TABLE],
  async apply(client: PoolClient, stored: StoredEvent): Promise<void> {
    if (!isRulesStream(stored.streamId) || !isRulesEvent(stored)) return;
    const event = { type: stored.type, data: stored.data } as RulesEvent;
    const userId = stored.metadata.userId;
    const position = stored.position.toString();
    switch (event.type) {
      case 'AutoAssignmentAdded':
      case 'AutoAssignmentChanged': {
        const { ruleId, name, searchStrings, categories, ...conditions } = event.data;
        await client.query(
          `INSERT INTO rules_auto_assignments (user_id, id, name, search_strings, categories, conditions, last_position)
           VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7)
           ON CONFLICT (user_id, id) DO UPDATE
              SET name = EXCLUDED.name, search_strings = EXCLUDED.search_strings, categories = EXCLUDED.categories,
                  conditions = EXCLUDED.conditions, last_position = EXCLUDED.last_position
            WHERE rules_auto_assignments.last_position < EXCLUDED.last_position`,
          [userId, ruleId, name, JSON.stringify(searchStrings), JSON.stringify(categories), JSON.stringify(ruleConditionsOf(conditions)), position],
        );
        return;
      }
      case 'AutoAssignmentApplied': {
        const { ruleId, applicationId, date, count, transactionIds } = event.data;
        await client.query(
          `UPDATE rules_auto_assignments
              SET applications = applications || jsonb_build_array(jsonb_build_object('id', $3::text, 'date', $4::text, 'count', $5::int, 'undone', false)),
                  last_position = $6
            WHERE user_id = $1 AND id = $2 AND last_position < $6`,
          [userId, ruleId, applicationId, date, count ?? transactionIds?.length ?? 0, position],
        );
        return;
      }
      case 'AutoAssignmentApplicationUndone':
        await client.query(
          `UPDATE rules_auto_assignments
              SET applications = (SELECT jsonb_agg(CASE WHEN a->>'id' = $3 THEN a || '{"undone": true}'::jsonb ELSE a END ORDER BY n)
                                    FROM jsonb_array_elements(applications) WITH ORDINALITY AS t(a, n)),
                  last_position = $4
            WHERE user_id = $1 AND id = $2 AND last_position < $4 AND jsonb_array_length(applications) > 0`,
          [userId, event.data.ruleId, event.data.applicationId, position],
        );
        return;
      case 'AutoAssignmentDeleted':
        await client.query('DELETE FROM rules_auto_assignments WHERE user_id = $1 AND id = $2', [userId, event.data.ruleId]);
        return;
      default: {
        const _never: never = event;
        return _never;
      }
    }
  },
};
