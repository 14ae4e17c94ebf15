export { allProjections } from '@budget/read-models';
