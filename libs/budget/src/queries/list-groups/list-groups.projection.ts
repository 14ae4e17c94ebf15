import type { PoolClient, Projection, StoredEvent } from '@budget/platform';
import { isBudgetEvent, isBudgetStream, type BudgetEvent, type CategoryAdded, type GroupAdded } from '../../domain/index.js';
import { changeCategory, changeCategorySettings, changeGroup, deleteCategory, deleteGroup, type Applied } from './list-groups.changes.js';
import { CATEGORIES_TABLE, GROUPS_TABLE, listGroupsMigrations } from './list-groups.migrations.js';

async function addGroup(client: PoolClient, { userId, position }: Applied, { data }: GroupAdded): Promise<void> {
  await client.query(
    `INSERT INTO budget_groups (user_id, id, name, type, parent_group_id, position, last_position)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (user_id, id) DO NOTHING`,
    [userId, data.groupId, data.name, data.type, data.parentGroupId, position],
  );
}

async function addCategory(client: PoolClient, { userId, position }: Applied, { data }: CategoryAdded): Promise<void> {
  await client.query(
    `INSERT INTO budget_categories (user_id, id, group_id, name, type, funding_amount_cents, include_funding_transfers,
                                    use_goal, goal_date, recurrence, funding_categories, suspended, position, last_position,
                                    parent_category_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)
     ON CONFLICT (user_id, id) DO NOTHING`,
    [
      userId,
      data.categoryId,
      data.groupId,
      data.name,
      data.type,
      data.fundingAmount,
      data.includeFundingTransfers,
      data.useGoal,
      data.goalDate,
      data.recurrence,
      JSON.stringify(data.fundingCategories),
      data.suspended,
      position,
      data.parentCategoryId ?? null,
    ],
  );
}

/** Groups and categories of every budget, for GET /groups (and the balances other queries join). */
export const listGroupsProjection: Projection = {
  name: 'budget.list-groups',
  migrations: listGroupsMigrations,
  tables: [GROUPS_TABLE, CATEGORIES_TABLE],
  async apply(client: PoolClient, stored: StoredEvent): Promise<void> {
    if (!isBudgetStream(stored.streamId) || !isBudgetEvent(stored)) return;
    const event = { type: stored.type, data: stored.data } as BudgetEvent;
    const applied = { userId: stored.metadata.userId, position: stored.position.toString() };
    switch (event.type) {
      case 'BudgetCreated':
        return;
      case 'GroupAdded':
        return addGroup(client, applied, event);
      case 'GroupRenamed':
      case 'GroupMoved':
      case 'GroupHiddenChanged':
        return changeGroup(client, applied, event);
      case 'GroupDeleted':
        return deleteGroup(client, applied, event);
      case 'CategoryAdded':
        return addCategory(client, applied, event);
      case 'CategoryRenamed':
      case 'CategoryMoved':
        return changeCategory(client, applied, event);
      case 'CategorySettingsChanged':
        return changeCategorySettings(client, applied, event);
      case 'CategoryDeleted':
        return deleteCategory(client, applied, event);
      default: {
        const _never: never = event;
        return _never;
      }
    }
  },
};
