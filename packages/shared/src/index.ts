export * from './judge-status.js';
export * from './roles.js';
export * from './constants.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/account.js';
export * from './judge-protocol.js';
export * from './schemas/submission.js';
