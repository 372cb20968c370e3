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
  /** Reads the Stripe secret key from Secrets Manager (STRIPE_SECRET_KEY_ARN). */
  | 'secrets:stripe-key'
  /** Reads the Stripe webhook signing secret from Secrets Manager (STRIPE_WEBHOOK_SECRET_ARN). */
  | 'secrets:stripe-webhook'
  /** Bundles sharp's linux-arm64 build (photo checks, rendering). */
  | 'native:sharp'
  /** AdminGetUser, AdminCreateUser, AdminSetUserPassword on the user pool (USER_POOL_ID in the environment). */
  | 'cognito:users'
  /**
   * Signs content credentials: kms:Sign on the content credentials key only, reads its certificate chain (SSM),
   * bundles the C2PA library's WASM.
   */
  | 'c2pa:sign'
  /** Reads the content credentials certificate chain (SSM) to check images against it; bundles the C2PA WASM. */
  | 'c2pa:verify';

export const HANDLER_PERMISSIONS: Record<string, readonly Permission[]> = {
  health: [],
  'get-admin-health': ['table:read', 'table:describe', 'uploads:list', 'renders:list', 'mail:account'], // reads the caller's role
  'list-credit-packages': ['table:read'],
  'send-contact-message': ['table:write', 'mail:send'],
  'issue-realtime-ticket': ['table:write'],
  // Counts the request, finds or creates the account, signs and mails the link.
  'request-magic-link': ['table:write', 'cognito:users', 'kms:sign', 'ssm:site-origin', 'mail:send'],
  'ws-connect': ['table:write'],
  'ws-disconnect': ['table:read', 'table:write'],
  'ws-default': [],
  'auth-pre-sign-up': [],
  'auth-define-challenge': [],
  'auth-create-challenge': [], // asks for the link's token; sends nothing (POST /api/auth/magic-link mails links)
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
  // Buying credits (purchase issue). Validation only reads; the purchase reserves coupons and writes the payment.
  'validate-coupon': ['table:read'],
  'purchase-credits': ['table:read', 'table:write', 'secrets:stripe-key'],
  // Verifies with the signing secret only (no API key), grants credits, pushes the balance.
  'stripe-webhook': ['table:read', 'table:write', 'websocket:post', 'secrets:stripe-webhook'],
  // Admin area: finance, coupons, bonus credits, credit packages (every one reads the caller's profile for the role)
  'list-admin-payments': ['table:read'],
  'list-admin-stripe-events': ['table:read'],
  'get-admin-stripe-event': ['table:read'],
  'list-admin-coupons': ['table:read'],
  'create-admin-coupon': ['table:read', 'table:write'],
  'disable-admin-coupon': ['table:read', 'table:write'],
  'grant-admin-bonus-credits': ['table:read', 'table:write', 'websocket:post'],
  'list-admin-credit-packages': ['table:read'],
  'update-admin-credit-package': ['table:read', 'table:write'],
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
  'package-render-angle': ['table:read', 'table:write', 'uploads:read', 'renders:write', 'websocket:post', 'secrets:openai', 'native:sharp', 'c2pa:sign'],
  'package-angle-failed': ['table:read', 'table:write', 'websocket:post'],
  'package-finalize': ['table:read', 'table:write', 'websocket:post'],
  'package-sweeper': ['table:read', 'table:write', 'workflow:describe', 'websocket:post'],
  // Content credentials (issue 16): the public check of a dropped image; writes only its per-client rate counter.
  'verify-content-credentials': ['table:write', 'c2pa:verify'],
};
