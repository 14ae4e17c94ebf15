import type { Provider, Type } from '@nestjs/common';
import { CancelPendingEmailController } from './commands/cancel-pending-email/cancel-pending-email.controller.js';
import { ChangeEmailController } from './commands/change-email/change-email.controller.js';
import { ChangeEmailService } from './commands/change-email/change-email.service.js';
import { DeleteUserController } from './commands/delete-user/delete-user.controller.js';
import { DeleteUserService } from './commands/delete-user/delete-user.service.js';
import { LoginController } from './commands/login/login.controller.js';
import { LoginService } from './commands/login/login.service.js';
import { LogoutController } from './commands/logout/logout.controller.js';
import { LogoutService } from './commands/logout/logout.service.js';
import { RefreshController } from './commands/refresh/refresh.controller.js';
import { RefreshService } from './commands/refresh/refresh.service.js';
import { RegisterController } from './commands/register/register.controller.js';
import { RegisterService } from './commands/register/register.service.js';
import { RequestCodeController } from './commands/request-code/request-code.controller.js';
import { RequestCodeService } from './commands/request-code/request-code.service.js';
import { ResendPendingEmailController } from './commands/resend-pending-email/resend-pending-email.controller.js';
import { UpdatePasswordController } from './commands/update-password/update-password.controller.js';
import { UpdatePasswordService } from './commands/update-password/update-password.service.js';
import { CodeOutcomeApplier } from './commands/verify-code/code-outcome-applier.js';
import { VerifyCodeController } from './commands/verify-code/verify-code.controller.js';
import { VerifyCodeService } from './commands/verify-code/verify-code.service.js';
import { GetUserController } from './queries/get-user/get-user.controller.js';

/** One controller per use case (server-behaviour §4.1). */
export const identityControllers: Type[] = [
  RegisterController, RequestCodeController, VerifyCodeController, LoginController, RefreshController, LogoutController,
  GetUserController, ChangeEmailController, ResendPendingEmailController, CancelPendingEmailController,
  UpdatePasswordController, DeleteUserController,
];

export const identityUseCases: Provider[] = [
  RegisterService, RequestCodeService, VerifyCodeService, CodeOutcomeApplier, LoginService, RefreshService, LogoutService,
  ChangeEmailService, UpdatePasswordService, DeleteUserService,
];
