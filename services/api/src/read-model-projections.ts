/** Every read model holding user rows, so that deleting an account erases them all. */
export { allProjections as readModelProjections } from '@budget/read-models';
