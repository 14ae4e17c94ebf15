import type { RouteContract } from '../common/route.js';
import { login, logout, refreshTokens } from './sessions.js';
import { registerUser, requestCode, verifyCode } from './sign-up.js';
import { getPreferences, updatePreferences } from './preferences.js';
import { registerWebPush, unregisterWebPush } from './push.js';
import { cancelPendingEmail, changeEmail, deleteUser, getUser, resendPendingEmail, updatePassword } from './user.js';

export { codeSignIn, tokenPair, userAccount, type UserAccount } from './fields.js';
export * from './sign-up.js';
export * from './sessions.js';
export * from './user.js';
export * from './push.js';
export * from './preferences.js';

/** Every route of the identity context (product-spec §7, server-behaviour §4.1). */
export const identityRoutes: RouteContract[] = [
  registerUser, requestCode, verifyCode, login, refreshTokens, logout,
  getUser, changeEmail, resendPendingEmail, cancelPendingEmail, updatePassword, deleteUser,
  registerWebPush, unregisterWebPush, getPreferences, updatePreferences,
];
