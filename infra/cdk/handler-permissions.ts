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
  | 'websocket:post';

export const HANDLER_PERMISSIONS: Record<string, readonly Permission[]> = {
  health: ['table:describe', 'uploads:list', 'renders:list', 'mail:account'],
  'list-credit-packages': ['table:read'],
  'send-contact-message': ['table:write', 'mail:send'],
  'issue-realtime-ticket': ['table:write'],
  'ws-connect': ['table:write'],
  'ws-disconnect': ['table:read', 'table:write'],
  'ws-default': [],
};
