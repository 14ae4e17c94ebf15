import type { Projection } from '@budget/platform';
import { rulesProjection } from './queries/list-auto-assignments/list-auto-assignments.projection.js';

/** Every read model of the rules context, for the projector and the rebuild. */
export const rulesProjections: readonly Projection[] = [rulesProjection];
