export { ApiClient, type ApiClientOptions, type ApiResponse, type Method } from './api/api-client.js';
export { type ServerError } from './api/server-error.js';
export { TokenStore, memoryStorage, type KeyValueStorage, type Tokens } from './api/token-store.js';
export { wireCents, moneyDisplay } from './money/money.js';
export { toFormErrors, hasErrorList, type FormErrors } from './forms/form-errors.js';
export { formatDate, lastYear, toIsoDate } from './dates/format-date.js';
