import type { Projection } from '@budget/platform';
import { listGroupsProjection } from './queries/list-groups/list-groups.projection.js';

/** Every read model of the budget context, for the projector and the rebuild. */
export const budgetProjections: readonly Projection[] = [listGroupsProjection];
