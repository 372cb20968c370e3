import { erasurePrefixes } from '../../functions/src/privacy/dealer-objects';

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
  /** states:StopExecution only, on the render workflow's executions (account erasure; STATE_MACHINE_ARN in the environment). */
  | 'workflow:stop'
  /** states:StartExecution on the batch workflow (and BATCH_STATE_MACHINE_ARN in the environment). */
  | 'batch-workflow:start'
  /** states:DescribeExecution and StopExecution on the batch workflow's executions. */
  | 'batch-workflow:describe'
  /** states:StopExecution only, on the batch workflow's executions (account erasure; BATCH_STATE_MACHINE_ARN in the environment). */
  | 'batch-workflow:stop'
  /** Reads the OpenAI key from Secrets Manager (OPENAI_SECRET_ARN). */
  | 'secrets:openai'
  /** Reads the Stripe secret key from Secrets Manager (STRIPE_SECRET_KEY_ARN). */
  | 'secrets:stripe-key'
  /** Reads the Stripe webhook signing secret from Secrets Manager (STRIPE_WEBHOOK_SECRET_ARN). */
  | 'secrets:stripe-webhook'
  /** Uses sharp (photo checks, rendering): gets the shared native image layer (infra/cdk/bundling/native-image-layer.ts). */
  | 'native:sharp'
  /**
   * Runs the studio compositor (u2netp cut-out, car detector): gets the render model layer
   * (infra/cdk/bundling/render-model-layer.ts) and CUTOUT_MODEL_DIR pointing at its hash-checked model.
   */
  | 'native:compositor'
  /**
   * Reads a car's number plate in the cloud photo check (vision/plate-text/car-plate.ts readPlateInBox): gets the render
   * model layer for its onnxruntime and text models (no CUTOUT_MODEL_DIR: no cut-out runs), onnxruntime-node external.
   */
  | 'native:plate-text'
  /**
   * s3:GetObject on the scene library's scenes/ prefix only (SCENES_BUCKET and SCENES_PREFIX in the environment), when
   * the deploy has one (`-c scenesDir`); without it nothing is granted and the compositor draws its backgrounds.
   */
  | 'scenes:read'
  /** AdminGetUser, AdminCreateUser, AdminSetUserPassword on the user pool (USER_POOL_ID in the environment). */
  | 'cognito:users'
  /** AdminUserGlobalSignOut and AdminDeleteUser on the user pool (account erasure; USER_POOL_ID in the environment). */
  | 'cognito:delete-user'
  /**
   * Signs content credentials: kms:Sign on the content credentials key only, reads its certificate chain (SSM),
   * gets the native image layer (the C2PA library's WASM).
   */
  | 'c2pa:sign'
  /** Reads the content credentials certificate chain (SSM) to check images against it; gets the native image layer (the C2PA WASM). */
  | 'c2pa:verify'
  /** sqs:SendMessage on the webhook delivery queue (and WEBHOOK_QUEUE_URL in the environment): events and their retries (issue 28). */
  | 'webhooks:enqueue'
  /** Decodes VINs offline: gets the VIN data layer (infra/cdk/bundling/vin-data-layer.ts) and VIN_DATA_FILE pointing at it (issue 41). */
  | 'data:vin';

export const HANDLER_PERMISSIONS: Record<string, readonly Permission[]> = {
  health: [],
  'get-admin-health': ['table:read', 'table:describe', 'uploads:list', 'renders:list', 'mail:account'], // reads the caller's role
  'list-credit-packages': ['table:read'],
  'send-contact-message': ['table:write', 'mail:send'],
  'issue-realtime-ticket': ['table:read', 'table:write'], // table:read: every signed-in write reads the erasure record first
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
  'update-profile': ['table:read', 'table:write'],
  'create-logo-upload': ['table:read', 'uploads:write'],
  // Reads and removes the browser's upload, writes the checked PNG, records it on the profile.
  'save-logo': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:delete', 'native:sharp'],
  'get-logo': ['table:read', 'uploads:read'],
  // Erasure: stops the dealer's running package and batch executions, finds and deletes the dealer's items and
  // prefixes in both buckets, the Cognito user, mails a confirmation.
  'erase-account': ['table:read', 'table:write', 'uploads:list', 'uploads:delete', 'renders:list', 'renders:delete', 'workflow:stop', 'batch-workflow:stop', 'cognito:delete-user', 'mail:send'],
  'get-credit-balance': ['table:read', 'table:write'], // as get-me
  'list-credit-transactions': ['table:read'],
  'use-credits': ['table:read', 'table:write', 'websocket:post'],
  'create-support-attachment-upload': ['table:read', 'uploads:write'],
  'create-support-ticket': ['table:read', 'table:write', 'uploads:read', 'mail:send'],
  'get-admin-inbox': ['table:read', 'uploads:read'],
  // Buying credits (purchase issue). Validation only reads; the purchase reserves coupons and writes the payment.
  'validate-coupon': ['table:read'],
  'purchase-credits': ['table:read', 'table:write', 'secrets:stripe-key'],
  // Verifies with the signing secret only (no API key), grants credits, pushes the balance, mails the receipt once.
  'stripe-webhook': ['table:read', 'table:write', 'websocket:post', 'secrets:stripe-webhook', 'mail:send'],
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
  'create-car-package': ['table:read', 'table:write', 'uploads:write', 'data:vin'],
  'list-car-packages': ['table:read', 'renders:read'],
  // The form's look-up of a VIN: decoded offline, and the dealer's packages that have it.
  'decode-vin': ['table:read', 'data:vin'],
  'get-car-package-activity': ['table:read'],
  'get-car-package': ['table:read', 'uploads:read', 'renders:read'],
  'delete-car-package': ['table:read', 'table:write', 'uploads:list', 'uploads:delete', 'renders:list', 'renders:delete'],
  // Sharing (issue 29): Share on/off writes the package's token and the link's lookup item; the public routes read them,
  // the dealer's logo (inlined in the page) and the finished images (answered by the stable image links).
  'get-car-package-share': ['table:read'],
  'share-car-package': ['table:read', 'table:write'],
  'unshare-car-package': ['table:read', 'table:write'],
  'get-shared-car': ['table:read', 'table:write', 'uploads:read'],
  // Also the inventory feed's listing sizes of a shared car (1024, 640x480): made with sharp on first request and kept.
  'get-shared-car-image': ['table:read', 'table:write', 'renders:read', 'renders:write', 'native:sharp'],
  'get-shared-car-video': ['table:read', 'table:write', 'renders:read'],
  'get-shared-car-owner': ['table:read'],
  // The page and the embed: the shared car (as get-shared-car) and the site's origin for previews.
  'get-shared-car-page': ['table:read', 'table:write', 'uploads:read', 'ssm:site-origin'],
  'get-shared-car-embed': ['table:read', 'table:write', 'uploads:read', 'ssm:site-origin'],
  // Reads and checks one upload of a draft (a car in it: OpenAI vision in AWS) and records it on the draft.
  'check-car-package-photo': ['table:read', 'table:write', 'uploads:read', 'secrets:openai', 'native:sharp'],
  // Reads and checks each upload, copies it out of drafts/, fetches the logo, charges, starts the workflow.
  'start-car-package': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp', 'webhooks:enqueue'],
  'retry-car-package-angle': ['table:read', 'table:write', 'uploads:read', 'renders:read', 'workflow:start', 'websocket:post', 'webhooks:enqueue'],
  // "Start again": as the start, from the refunded package's checked photos (read from its own prefix, copied to the new one's).
  'start-car-package-again': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp', 'webhooks:enqueue'],
  'create-car-package-zip': ['table:read', 'renders:read', 'renders:write'],
  // Vision issue: the car check of one photo (OpenAI vision in AWS), nothing stored
  'check-car-photo': ['table:read', 'table:write', 'secrets:openai', 'native:sharp', 'native:plate-text'],
  // The render workflow's tasks and its sweeper
  // uploads:write: each photo's checked cut-out, kept beside the package for the render tasks (cutouts/).
  'package-prepare': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'websocket:post', 'secrets:openai', 'native:sharp', 'native:compositor', 'scenes:read', 'webhooks:enqueue'],
  // renders:delete: the images it stored go again when the package was erased while it rendered.
  'package-render-angle': ['table:read', 'table:write', 'uploads:read', 'renders:write', 'renders:delete', 'websocket:post', 'secrets:openai', 'native:sharp', 'native:compositor', 'scenes:read', 'c2pa:sign', 'webhooks:enqueue'],
  'package-angle-failed': ['table:read', 'table:write', 'websocket:post', 'webhooks:enqueue'],
  // mail:send and ssm:site-origin: the dealer's "Your car package is ready" mail, with the link to the package (issue 41).
  'package-finalize': ['table:read', 'table:write', 'websocket:post', 'webhooks:enqueue', 'mail:send', 'ssm:site-origin'],
  // The walk-around video (issue 29): reads the finished images, writes the MP4 beside them and records it on the package;
  // renders:delete: the MP4 goes again when the package was deleted or erased while it encoded, and a replaced one goes.
  'package-walk-around-video': ['table:read', 'table:write', 'renders:read', 'renders:write', 'renders:delete', 'websocket:post', 'native:sharp'],
  // Closes lost car packages and lost batches (and mails a closed package's ready mail, as finalize does).
  'package-sweeper': ['table:read', 'table:write', 'workflow:describe', 'batch-workflow:describe', 'websocket:post', 'webhooks:enqueue', 'mail:send', 'ssm:site-origin'],
  // Batch processor (issue 12; super users: every route reads the caller's profile for the role)
  'create-batch': ['table:read', 'table:write', 'uploads:write'],
  'get-batch': ['table:read', 'uploads:read', 'renders:read'],
  // Reads and checks each upload, copies it out of drafts/, charges, starts the batch workflow.
  'start-batch': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'batch-workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp'],
  // The batch workflow's tasks
  'batch-photo-started': ['table:read', 'table:write', 'websocket:post'],
  // renders:delete: as package-render-angle, for a batch erased while it rendered.
  'batch-render-photo': ['table:read', 'table:write', 'uploads:read', 'renders:write', 'renders:delete', 'websocket:post', 'secrets:openai', 'native:sharp', 'native:compositor', 'scenes:read', 'c2pa:sign'],
  'batch-photo-failed': ['table:read', 'table:write', 'websocket:post'],
  'batch-finalize': ['table:read', 'table:write', 'websocket:post'],
  // Content credentials (issue 16): the public check of a dropped image; writes only its per-client rate counter.
  'verify-content-credentials': ['table:write', 'c2pa:verify'],
  // My Images: signed links to the studio image (renders) and the dealer's photo it came from (uploads).
  'list-images': ['table:read', 'renders:read', 'uploads:read'],
  // Admin dealers: reading the balance settles expired credits (a ledger write), as get-credit-balance does.
  'find-admin-dealer': ['table:read', 'table:write'],
  'list-admin-dealer-transactions': ['table:read'],
  'set-admin-dealer-role': ['table:read', 'table:write'],
  // Trial links (issue 12). The public calls count themselves per link and client (table:write).
  'validate-trial-token': ['table:read', 'table:write'],
  'request-trial-uploads': ['table:read', 'table:write', 'uploads:write'],
  // Reads and checks each upload (bytes, car check) before recording it on the link.
  'complete-trial-uploads': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'secrets:openai', 'native:sharp', 'native:plate-text'],
  // Converts the link, then the sign-in request: finds or creates the account, signs and mails the link.
  'create-trial-account': ['table:read', 'table:write', 'cognito:users', 'kms:sign', 'ssm:site-origin', 'mail:send'],
  // The start of a car package from the trial photos: checks, copies into the dealer's space, charges, starts the workflow.
  'transfer-trial-photos': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp', 'webhooks:enqueue'],
  'transfer-trial-photos-by-email': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp', 'webhooks:enqueue'],
  'list-admin-trial-links': ['table:read', 'uploads:read'],
  'create-admin-trial-link': ['table:read', 'table:write', 'ssm:site-origin', 'mail:send'],
  'revoke-admin-trial-link': ['table:read', 'table:write'],
  // Operations (issue 25): reads the packages' day index and their failed angles (and the caller's role).
  'get-admin-operations': ['table:read'],
  // Dealer integrations (issue 28). Settings' keys and endpoints; the key authorizer only reads a key's hash.
  'list-api-keys': ['table:read'],
  'create-api-key': ['table:read', 'table:write'],
  'revoke-api-key': ['table:read', 'table:write'],
  'api-key-authorizer': ['table:read'],
  'list-webhook-endpoints': ['table:read'],
  'create-webhook-endpoint': ['table:read', 'table:write'],
  'delete-webhook-endpoint': ['table:read', 'table:write'],
  'send-test-webhook': ['table:read', 'table:write', 'webhooks:enqueue'],
  'list-webhook-deliveries': ['table:read'],
  // The queue's consumer: reads the endpoint's secret, logs the attempt, counts it, queues the next attempt.
  'deliver-webhook': ['table:read', 'table:write', 'webhooks:enqueue'],
  'get-admin-api-usage': ['table:read'],
  // A dealership is a team (issue 42). Every signed-in route reads the caller's membership (table:read). An invite also
  // makes the invited person's sign-in, signs and mails their link, as the sign-in link request does.
  'get-team': ['table:read'],
  'create-team-invite': ['table:read', 'table:write', 'cognito:users', 'kms:sign', 'ssm:site-origin', 'mail:send'],
  'withdraw-team-invite': ['table:read', 'table:write'],
  'change-team-member-role': ['table:read', 'table:write'],
  'remove-team-member': ['table:read', 'table:write'],
  'hand-over-ownership': ['table:read', 'table:write'],
  'leave-team': ['table:read', 'table:write'],
  // A member's own data (issue 42): the records naming them rewritten, their invites, sign-in link and membership deleted,
  // their sign-in deleted, a confirmation mailed.
  'erase-my-data': ['table:read', 'table:write', 'cognito:delete-user', 'mail:send'],
  // Joining another dealership from the dashboard: a member's membership moves; a person who created a dealership alone
  // has it erased first (as the account erasure does, keeping their sign-in: no Cognito or mail grant).
  'accept-team-invite': ['table:read', 'table:write', 'uploads:list', 'uploads:delete', 'renders:list', 'renders:delete', 'workflow:stop', 'batch-workflow:stop'],
  'get-openapi-document': [],
  // The public API (v1): every call with a key records its use and rate window (table:write); otherwise as the app's route.
  'v1-create-car-package': ['table:read', 'table:write', 'uploads:write', 'data:vin'],
  'v1-list-car-packages': ['table:read', 'table:write', 'renders:read'],
  'v1-get-car-package': ['table:read', 'table:write', 'uploads:read', 'renders:read'],
  'v1-start-car-package': ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:list', 'uploads:delete', 'renders:read', 'workflow:start', 'websocket:post', 'secrets:openai', 'native:sharp', 'webhooks:enqueue'],
  'v1-create-car-package-zip': ['table:read', 'table:write', 'renders:read', 'renders:write'],
  'v1-get-credit-balance': ['table:read', 'table:write'],
  // The inventory feed (issue 41, item 4): the feed record (its signing key made on first read), the packages, the site's
  // origin for absolute links; the feed's files: the renders read, their listing sizes made with sharp and kept.
  'v1-get-inventory-feed': ['table:read', 'table:write', 'ssm:site-origin'],
  'v1-rotate-inventory-feed-link': ['table:read', 'table:write', 'ssm:site-origin'],
  'get-inventory-feed-link': ['table:read'],
  'rotate-inventory-feed-link': ['table:read', 'table:write', 'ssm:site-origin'],
  'get-inventory-feed-by-link': ['table:read', 'table:write', 'ssm:site-origin'],
  'get-inventory-feed-file': ['table:read', 'table:write', 'renders:read', 'renders:write', 'native:sharp'],
};

/**
 * Where in the buckets a handler's object permissions apply (uploads:* and renders:* above): key prefixes. A handler
 * not listed here gets its object permissions on the whole bucket; a listed one only under these prefixes (and its
 * bucket listing only for them, by the s3:prefix condition). The dealer's own sub cannot be part of an IAM grant (one
 * role serves every caller): the code puts each key under the caller's sub, the grant under the feature's prefix.
 */
const CAR_PACKAGE_OBJECTS = { uploads: ['drafts/car-packages/', 'car-packages/'], renders: ['car-packages/'] };
export const HANDLER_OBJECT_PREFIXES: Record<string, { uploads?: readonly string[]; renders?: readonly string[] }> = {
  'create-logo-upload': { uploads: ['logos/'] },
  'save-logo': { uploads: ['logos/'] },
  'get-logo': { uploads: ['logos/'] },
  'create-support-attachment-upload': { uploads: ['support/'] },
  'create-support-ticket': { uploads: ['support/'] },
  'get-admin-inbox': { uploads: ['support/'] },
  'create-car-package': CAR_PACKAGE_OBJECTS,
  'list-car-packages': CAR_PACKAGE_OBJECTS,
  'get-car-package': CAR_PACKAGE_OBJECTS,
  'delete-car-package': CAR_PACKAGE_OBJECTS,
  'check-car-package-photo': { uploads: ['drafts/car-packages/'] },
  'get-shared-car': { uploads: ['logos/'] },
  'get-shared-car-image': { renders: CAR_PACKAGE_OBJECTS.renders },
  'get-inventory-feed-file': { renders: CAR_PACKAGE_OBJECTS.renders },
  'get-shared-car-video': { renders: CAR_PACKAGE_OBJECTS.renders },
  'get-shared-car-page': { uploads: ['logos/'] },
  'get-shared-car-embed': { uploads: ['logos/'] },
  // The start also copies the dealer's checked logo (logos/) into the package.
  'start-car-package': { uploads: [...CAR_PACKAGE_OBJECTS.uploads, 'logos/'], renders: CAR_PACKAGE_OBJECTS.renders },
  'start-car-package-again': { uploads: [...CAR_PACKAGE_OBJECTS.uploads, 'logos/'], renders: CAR_PACKAGE_OBJECTS.renders },
  'retry-car-package-angle': CAR_PACKAGE_OBJECTS,
  'create-car-package-zip': CAR_PACKAGE_OBJECTS,
  'v1-create-car-package': CAR_PACKAGE_OBJECTS,
  'v1-list-car-packages': CAR_PACKAGE_OBJECTS,
  'v1-get-car-package': CAR_PACKAGE_OBJECTS,
  'v1-start-car-package': { uploads: [...CAR_PACKAGE_OBJECTS.uploads, 'logos/'], renders: CAR_PACKAGE_OBJECTS.renders },
  'v1-create-car-package-zip': CAR_PACKAGE_OBJECTS,
  'package-prepare': CAR_PACKAGE_OBJECTS,
  'package-render-angle': CAR_PACKAGE_OBJECTS,
  'package-walk-around-video': { renders: CAR_PACKAGE_OBJECTS.renders },
  // Batches: drafts/batches/<sub>/ until the start keeps checked copies under batches/<sub>/ (renders beside them).
  'create-batch': { uploads: ['drafts/batches/'] },
  'start-batch': { uploads: ['drafts/batches/', 'batches/'], renders: ['batches/'] },
  'get-batch': { uploads: ['batches/'], renders: ['batches/'] },
  'batch-render-photo': { uploads: ['batches/'], renders: ['batches/'] },
  // My Images: a studio image and the photo it came from, of a car package or a batch.
  'list-images': { uploads: ['car-packages/', 'batches/'], renders: ['car-packages/', 'batches/'] },
  // Trial links: the prospect's uploads under trial/<link id>/; the transfer copies them into a car package.
  'request-trial-uploads': { uploads: ['trial/'] },
  'complete-trial-uploads': { uploads: ['trial/'] },
  'list-admin-trial-links': { uploads: ['trial/'] },
  'transfer-trial-photos': { uploads: ['trial/', ...CAR_PACKAGE_OBJECTS.uploads, 'logos/'], renders: CAR_PACKAGE_OBJECTS.renders },
  'transfer-trial-photos-by-email': { uploads: ['trial/', ...CAR_PACKAGE_OBJECTS.uploads, 'logos/'], renders: CAR_PACKAGE_OBJECTS.renders },
  // Account erasure: the prefixes that hold a dealer's files (functions/src/privacy/dealer-objects.ts) and trial/.
  'erase-account': erasurePrefixes(),
  'accept-team-invite': erasurePrefixes(),
};
