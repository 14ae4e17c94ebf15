import type { PoolClient } from '@budget/platform';
import type {
  CategoryDeleted, CategoryMoved, CategoryRenamed, CategorySettingsChanged, GroupDeleted, GroupHiddenChanged, GroupMoved, GroupRenamed,
} from '../../domain/index.js';

/** The user and position of the event being applied; updates skip rows already past it (replays). */
export interface Applied {
  userId: string;
  position: string;
}

export async function changeGroup(client: PoolClient, { userId, position }: Applied, event: GroupRenamed | GroupMoved | GroupHiddenChanged): Promise<void> {
  const d = event.data;
  const name = 'name' in d ? d.name : null;
  const moved = 'parentGroupId' in d;
  const hidden = 'hidden' in d ? d.hidden : null;
  await client.query(
    `UPDATE budget_groups SET name = COALESCE($3, name), parent_group_id = CASE WHEN $4 THEN $5 ELSE parent_group_id END,
            hidden = COALESCE($6, hidden), last_position = $7
      WHERE user_id = $1 AND id = $2 AND last_position < $7`,
    [userId, d.groupId, name, moved, moved ? d.parentGroupId : null, hidden, position],
  );
}

export async function deleteGroup(client: PoolClient, { userId }: Applied, { data }: GroupDeleted): Promise<void> {
  await client.query('DELETE FROM budget_groups WHERE user_id = $1 AND id = $2', [userId, data.groupId]);
}

export async function changeCategory(client: PoolClient, { userId, position }: Applied, event: CategoryRenamed | CategoryMoved): Promise<void> {
  const d = event.data;
  const moved = 'groupId' in d;
  await client.query(
    `UPDATE budget_categories SET name = COALESCE($3, name), group_id = COALESCE($4, group_id),
            parent_category_id = CASE WHEN $5 THEN $6 ELSE parent_category_id END, last_position = $7
      WHERE user_id = $1 AND id = $2 AND last_position < $7`,
    [userId, d.categoryId, 'name' in d ? d.name : null, moved ? d.groupId : null, moved, moved ? d.parentCategoryId : null, position],
  );
}

export async function changeCategorySettings(client: PoolClient, { userId, position }: Applied, { data }: CategorySettingsChanged): Promise<void> {
  await client.query(
    `UPDATE budget_categories SET type = $3, hidden = $4, funding_amount_cents = $5, include_funding_transfers = $6, use_goal = $7,
            goal_date = $8, recurrence = $9, funding_categories = $10, suspended = $11, last_position = $12
      WHERE user_id = $1 AND id = $2 AND last_position < $12`,
    [
      userId, data.categoryId, data.type, data.hidden, data.fundingAmount, data.includeFundingTransfers, data.useGoal, data.goalDate,
      data.recurrence, JSON.stringify(data.fundingCategories), data.suspended, position,
    ],
  );
}

export async function deleteCategory(client: PoolClient, { userId }: Applied, { data }: CategoryDeleted): Promise<void> {
  await client.query('DELETE FROM budget_categories WHERE user_id = $1 AND id = $2', [userId, data.categoryId]);
}
