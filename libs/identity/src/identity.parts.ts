import type { Provider, Type } from '@nestjs/common';
import { CancelPendingEmailController } from './commands/cancel-pending-email/cancel-pending-email.controller.js';
import { CancelPendingEmailHandler } from './commands/cancel-pending-email/cancel-pending-email.handler.js';
import { ChangeEmailController } from './commands/change-email/change-email.controller.js';
import { ChangeEmailHandler } from './commands/change-email/change-email.handler.js';
import { DeleteUserController } from './commands/delete-user/delete-user.controller.js';
import { DeleteUserHandler } from './commands/delete-user/delete-user.handler.js';
import { LoginController } from './commands/login/login.controller.js';
import { LoginHandler } from './commands/login/login.handler.js';
import { LogoutController } from './commands/logout/logout.controller.js';
import { LogoutHandler } from './commands/logout/logout.handler.js';
import { RefreshController } from './commands/refresh/refresh.controller.js';
import { RefreshHandler } from './commands/refresh/refresh.handler.js';
import { NewAccounts } from './commands/register/new-accounts.js';
import { RegisterController } from './commands/register/register.controller.js';
import { RegisterHandler } from './commands/register/register.handler.js';
import { RegistrationCheck } from './commands/register/registration-check.js';
import { RequestCodeController } from './commands/request-code/request-code.controller.js';
import { RequestCodeHandler } from './commands/request-code/request-code.handler.js';
import { ResendPendingEmailController } from './commands/resend-pending-email/resend-pending-email.controller.js';
import { ResendPendingEmailHandler } from './commands/resend-pending-email/resend-pending-email.handler.js';
import { UpdatePasswordController } from './commands/update-password/update-password.controller.js';
import { UpdatePasswordHandler } from './commands/update-password/update-password.handler.js';
import { CodeJudge } from './commands/verify-code/code-judge.js';
import { CodeOutcomeApplier } from './commands/verify-code/code-outcome-applier.js';
import { VerifyCodeController } from './commands/verify-code/verify-code.controller.js';
import { VerifyCodeHandler } from './commands/verify-code/verify-code.handler.js';
import { RegisterPushController } from './commands/register-push/register-push.controller.js';
import { RegisterPushHandler } from './commands/register-push/register-push.handler.js';
import { UnregisterPushController } from './commands/unregister-push/unregister-push.controller.js';
import { UnregisterPushHandler } from './commands/unregister-push/unregister-push.handler.js';
import { UpdatePreferencesController } from './commands/update-preferences/update-preferences.controller.js';
import { UpdatePreferencesHandler } from './commands/update-preferences/update-preferences.handler.js';
import { GetPreferencesController } from './queries/get-preferences/get-preferences.controller.js';
import { GetPreferencesHandler } from './queries/get-preferences/get-preferences.handler.js';
import { GetUserController } from './queries/get-user/get-user.controller.js';
import { GetUserHandler } from './queries/get-user/get-user.handler.js';
import { IdentityUserRolesHandler } from './public-queries/user-roles.handler.js';
import { Reauthentication } from './session/reauthentication.js';

/** One controller per route of `identityRoutes` (libs/contracts); each only dispatches on a bus. */
export const identityControllers: Type[] = [
  RegisterController, RequestCodeController, VerifyCodeController, LoginController, RefreshController, LogoutController,
  GetUserController, ChangeEmailController, ResendPendingEmailController, CancelPendingEmailController,
  UpdatePasswordController, DeleteUserController,
  RegisterPushController, UnregisterPushController, GetPreferencesController, UpdatePreferencesController,
];

/** The command and query handlers the buses find, and the use-case services they call. */
export const identityHandlers: Provider[] = [
  RegisterHandler, RequestCodeHandler, VerifyCodeHandler, LoginHandler, RefreshHandler, LogoutHandler,
  GetUserHandler, ChangeEmailHandler, ResendPendingEmailHandler, CancelPendingEmailHandler,
  UpdatePasswordHandler, DeleteUserHandler, IdentityUserRolesHandler,
  RegisterPushHandler, UnregisterPushHandler, GetPreferencesHandler, UpdatePreferencesHandler,
];

export const identityUseCaseServices: Provider[] = [RegistrationCheck, NewAccounts, CodeJudge, CodeOutcomeApplier, Reauthentication];
