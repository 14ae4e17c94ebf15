export const PG_POOL = Symbol.for('budget.PgPool');
export const REDIS = Symbol.for('budget.Redis');
