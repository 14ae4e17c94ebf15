import type { Projection } from '@budget/platform';
import { budgetProjections } from '@budget/budget';

/** Every read model holding user rows, so that deleting an account erases them all. */
export const readModelProjections: readonly Projection[] = [...budgetProjections];
