import './ui/theme.css';
import './ui/primitives.css';
import './save-tray/save-tray.css';

export { ApiClient, type ApiClientOptions, type ApiResponse, type Method, type RouteResult, type CallArgs, type SendOptions } from './api/api-client.js';
export { ApiError, isApiError, INVALID_RESPONSE, type ApiErrorKind } from './api/api-error.js';
export { API_BASE, routeUrl, queryString, type CallRequest } from './api/route-url.js';
export { IDEMPOTENCY_KEY } from './api/idempotency.js';
export { type ServerError } from './api/server-error.js';
export { TokenStore, memoryStorage, type KeyValueStorage, type Tokens } from './api/token-store.js';

export { wireCents, moneyDisplay } from './money/money.js';
export { formatDate, lastYear, setDateFormat, setWeekStart, toIsoDate, weekStart, type DateFormat } from './dates/format-date.js';
export { toFormErrors, hasErrorList, withoutFieldErrors, type FormErrors } from './forms/form-errors.js';
export { useServerForm, GENERIC_ERROR, NO_ANSWER, sendFailure, answerFailure } from './forms/use-server-form.js';
export { WriteAction, isDefinitive, isKeyAnswer } from './api/write-action.js';
export { useWriteAction, type BoundWriteAction } from './api/use-write-action.js';

export { AppProviders } from './session/AppProviders.js';
export { useSession, type Session } from './session/session-context.js';
export { isAdmin, type User, USER_PATH } from './session/user.js';
export { recall, remember, rememberedRoute, forgetSelections, type RememberedKey } from './session/remembered.js';
export { useApiData } from './data/use-api-data.js';
export { useRouteQuery, routeQuery, routeQueryKey, type RouteQueryOptions } from './data/route-query.js';
export { useEveryPage, fetchEveryPage, type EveryPageRoute, type EveryPageOptions } from './data/every-page.js';
export { loadErrorText, loadState, type LoadState } from './data/load-error.js';
export { readList } from './data/read-list.js';
export { downloadText } from './data/download.js';

export { AuthCard } from './auth/AuthCard.js';
export { SignInForm } from './auth/SignInForm.js';
export { RequireAuth } from './auth/RequireAuth.js';

export { useIsMobile, MOBILE_QUERY } from './layout/use-is-mobile.js';

export { Amount } from './ui/Amount.js';
export { ExplainBalance, logMoment, type ExplainBalanceProps } from './explain/ExplainBalance.js';
export { BottomBar, BottomBarLabel, type BottomBarAction } from './ui/BottomBar.js';
export { Button, ButtonLink, type ButtonProps, type ButtonVariant } from './ui/Button.js';
export { EditDialogActions, type EditDialogActionsProps } from './ui/EditDialogActions.js';
export { FormDialog, type FormDialogProps } from './ui/FormDialog.js';
export { Card } from './ui/Card.js';
export { DataTable, sortOrder, type Column, type TableSort } from './ui/DataTable.js';
export { Dialog } from './ui/Dialog.js';
export { ConfirmDialog, type ConfirmDialogProps } from './ui/ConfirmDialog.js';
export { SelectField, type SelectOption } from './ui/SelectField.js';
export { ProgressBar } from './ui/ProgressBar.js';
export { FormError } from './ui/FormError.js';
export { PendingWritesNotice } from './ui/PendingWritesNotice.js';
export { SaveTray } from './save-tray/SaveTray.js';
export { saveTray, SaveTrayStore, statusFrom, statusText, type TrayEntry, type TrayStatus } from './save-tray/save-tray.js';
export { PendingWrites } from './api/pending-writes.js';
export { LoadError, Loaded, type LoadErrorProps, type LoadedQuery } from './ui/LoadError.js';
export { NotAvailable } from './ui/NotAvailable.js';
export { Icon, type IconName } from './ui/Icon.js';
export { ListDetail } from './ui/ListDetail.js';
export { Menu, type MenuItem } from './ui/Menu.js';
export { Sidebar, type NavItem } from './ui/Sidebar.js';
export { Spinner, LoadingBlock } from './ui/Spinner.js';
export { Tabs, type TabItem } from './ui/Tabs.js';
export { TextField } from './ui/TextField.js';
export { Toolbar, ToolbarSpacer } from './ui/Toolbar.js';
export { cx } from './ui/class-names.js';

export { useCategories } from './categories/use-categories.js';
export { UnassignedNextStep } from './categories/UnassignedNextStep.js';
export { buildCategoryTree, type CategoryTree, type CategoryNode, type GroupNode, type TreeNode } from './categories/category-tree.js';
export { CategoryType, GroupType, type TreeSource } from './categories/category-data.js';
export { PAGE_SIZE, TransactionType, type TransactionData, type SplitData, type RegisterPage } from './register/transaction-data.js';
export { Register, type RegisterProps, type RegisterList } from './register/Register.js';
export { type ReconcileColumn } from './register/RegisterRowView.js';
export { useRegister, type RegisterRoute } from './register/use-register.js';
export { reconcileEnabled, reconcileToggle } from './register/reconcile.js';
export { useRegisterSelection, type RegisterSelection } from './register/register-selection.js';
export { useNewTransactionsCount, newRowsBadge } from './register/use-new-count.js';
export { CategoryPicker, type CategoryPickerProps } from './categories/CategoryPicker.js';
export { pickerOptions, filterOptions, type PickerOption } from './categories/picker-options.js';
export { AmountInput, type AmountInputProps } from './money/AmountInput.js';
export { amountFromText, amountText, applyEquation } from './money/amount-text.js';
export { type TransactionTarget } from './transactions/TransactionDialog.js';
export { useTransactionEditor } from './transactions/use-transaction-editor.js';
export { useReconcile, type UnlockableReconcileColumn } from './transactions/use-reconcile.js';
export { opensEditDialog, closedReason, isBankRow } from './transactions/transaction-editing.js';
export { isVersionConflict, isStatementLocked, CHANGED_TRANSACTION, LOCKED_ROW } from './transactions/version-conflict.js';
export { ChangedTransactionNotice } from './transactions/ChangedTransactionNotice.js';
export { NEW_RULE_CATEGORY_PARAM, NEW_RULE_MATCH_PARAM, NEW_RULE_PARAM, newRuleHref } from './transactions/new-rule-link.js';
export { useLedgerRefresh } from './data/use-ledger-refresh.js';
export { toRegisterRows, amountInCategory, accountAmount, transactionName, type RegisterRow } from './register/register-rows.js';
export { RegisterTable } from './register/RegisterTable.js';
export { mountStandalone } from './standalone/mount-standalone.js';
export { categoryNames } from './register/category-names.js';
export { idSchema, recordPath, type Id } from './data/id.js';
export { FundingCategoryRows, type FundingCategoryRowsProps } from './budget/FundingCategoryRows.js';
export {
  defaultFundingRows,
  newFundingRow,
  removeFundingRow,
  fundingRowsFromWire,
  fundingRowsToWire,
  fundingSources,
  fundingRowsError,
  FUNDING_ROW_MESSAGES,
  type FundingRow,
  type FundingCategoryWire,
} from './budget/funding-rows.js';
export * from './change-feed/index.js';
