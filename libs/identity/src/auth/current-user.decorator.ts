/** The caller decorators live in platform so every context reads the caller the same way. */
export { CurrentUserId, CurrentSessionId } from '@budget/platform';
