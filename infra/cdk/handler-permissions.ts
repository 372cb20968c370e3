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
  | 'ssm:site-origin'
  | 'uploads:delete'
  | 'renders:delete'
  /** states:StartExecution on the render workflow (and STATE_MACHINE_ARN in the environment). */
  | 'workflow:start'
  /** states:DescribeExecution and StopExecution on the render workflow's executions. */
  | 'workflow:describe'
  /** Reads the OpenAI key from Secrets Manager (OPENAI_SECRET_ARN). */
  | 'secrets:openai'
  /** Bundles sharp's linux-arm64 build (photo checks, rendering). */
  | 'native:sharp';

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
  // Car packages (car packages issue)
  'create-car-package': ['table:read', 'table:write', 'uploads:write'],
  'list-car-packages': ['table:read', 'renders:read'],
  'get-car-package-activity': ['table:read'],
  'get-car-package': ['table:read', 'uploads:read', 'renders:read'],
  'delete-car-package': ['table:read', 'table:write', 'uploads:list', 'uploads:delete', 'renders:list', 'renders:delete'],
  // Reads and checks each upload, copies it out of drafts/, fetches the logo, charges, starts the workflow.
  'start-car-package': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp'],
  'retry-car-package-angle': ['table:read', 'table:write', 'uploads:read', 'renders:read', 'workflow:start', 'websocket:post'],
  'create-car-package-zip': ['table:read', 'renders:read', 'renders:write'],
  // Vision issue: the car check of one photo (OpenAI vision in AWS), nothing stored
  'check-car-photo': ['secrets:openai', 'native:sharp'],
  // The render workflow's tasks and its sweeper
  'package-prepare': ['table:read', 'table:write', 'uploads:read', 'websocket:post', 'secrets:openai', 'native:sharp'],
  'package-angle-started': ['table:read', 'table:write', 'websocket:post'],
  'package-render-angle': ['table:read', 'table:write', 'uploads:read', 'renders:write', 'websocket:post', 'secrets:openai', 'native:sharp'],
  'package-angle-failed': ['table:read', 'table:write', 'websocket:post'],
  'package-finalize': ['table:read', 'table:write', 'websocket:post'],
  'package-sweeper': ['table:read', 'table:write', 'workflow:describe', 'websocket:post'],
};
