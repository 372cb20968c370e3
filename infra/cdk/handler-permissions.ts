/**
 * What each handler may touch, stated once per handler: least privilege, checked by the infra tests
 * (a handler without an entry here cannot be deployed).
 */
export type Permission =
  | 'table:read'
  | 'table:write'
  | 'table:describe'
  | 'uploads:read'
  | 'uploads:write'
  | 'uploads:list'
  | 'renders:read'
  | 'renders:write'
  | 'renders:list'
  | 'mail:send'
  | 'mail:account'
  | 'websocket:post'
  | 'kms:sign'
  | 'kms:verify'
  | 'ssm:site-origin';

export const HANDLER_PERMISSIONS: Record<string, readonly Permission[]> = {
  health: ['table:describe', 'uploads:list', 'renders:list', 'mail:account'],
  'list-credit-packages': ['table:read'],
  'send-contact-message': ['table:write', 'mail:send'],
  'issue-realtime-ticket': ['table:write'],
  'ws-connect': ['table:write'],
  'ws-disconnect': ['table:read', 'table:write'],
  'ws-default': [],
  'auth-pre-sign-up': [],
  'auth-define-challenge': [],
  'auth-create-challenge': ['table:write', 'mail:send', 'kms:sign', 'ssm:site-origin'],
  'auth-verify-challenge': ['table:write', 'kms:verify'],
  'auth-post-authentication': ['table:read', 'table:write'],
  // Accounts, credits, support, admin (sign-in issue)
  'get-me': ['table:read', 'table:write'], // writes only to create a missing account
  'update-profile': ['table:write'],
  'get-credit-balance': ['table:read', 'table:write'], // as get-me
  'list-credit-transactions': ['table:read'],
  'use-credits': ['table:read', 'table:write', 'websocket:post'],
  'create-support-attachment-upload': ['uploads:write'],
  'create-support-ticket': ['table:write', 'uploads:read', 'mail:send'],
  'get-admin-inbox': ['table:read', 'uploads:read'],
};
