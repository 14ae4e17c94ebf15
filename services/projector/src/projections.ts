import type { Projection } from '@budget/platform';
import { budgetProjections } from '@budget/budget';

/** Every read model the projector writes and the rebuild replays: each context adds its list here. */
export const allProjections: readonly Projection[] = [...budgetProjections];
