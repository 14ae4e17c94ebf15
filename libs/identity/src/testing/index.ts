export * from './recording-mail-sender.js';
export * from './http-client.js';
export * from './sign-up.js';
export * from './identity-test-app.js';
export * from './fake-budget-provisioner.js';
