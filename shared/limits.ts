/** Limits and durations of the product, written once (spec section 9 as settled by decisions.md). */
const DAY_MS = 24 * 60 * 60 * 1000;

export const ACCEPTED_IMAGE_TYPES = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
} as const;
export type AcceptedImageType = keyof typeof ACCEPTED_IMAGE_TYPES;
export const ACCEPTED_IMAGE_MIME_TYPES = Object.keys(ACCEPTED_IMAGE_TYPES) as AcceptedImageType[];

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Support attachments: images, pdf, txt, doc, docx. */
export const ACCEPTED_ATTACHMENT_TYPES = {
  ...ACCEPTED_IMAGE_TYPES,
  'application/pdf': ['.pdf'],
  'text/plain': ['.txt'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
} as const;

/** A photo must decode to at most this many pixels (guards against decompression bombs). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MIN_IMAGE_SIDE_PX = 200;

export const MAX_TRIAL_PHOTOS = 10;
export const MAX_BATCH_PHOTOS = 10;
/** While a started batch has a photo without a final state on its card, the page reads the batch this often. */
export const BATCH_POLL_INTERVAL_MS = 4000;
export const MAX_CAR_PACKAGE_PHOTOS = 15;
/**
 * "Import many cars" (issue 41, item 3): a day's shoot, one draft per car, at most this many cars and photos per
 * import (30 cars of 15 photos); more is refused whole before anything is checked or uploaded.
 */
export const MAX_IMPORT_CARS = 30;
export const MAX_IMPORT_PHOTOS = 450;
/** Files a zip may hold at most (photos and anything else in it): a zip past it is refused before it is unpacked. */
export const MAX_IMPORT_ZIP_ENTRIES = 2000;

export const TRIAL_CREDITS = 5;
/**
 * Trial credits per network per day (the client's IPv4 address, or its IPv6 /64), counted when a trial sign-up creates
 * an account; past it the account is created without trial credits (decisions.md, turn 3: a daily cap per network).
 */
export const TRIAL_GRANTS_PER_NETWORK_PER_DAY = 3;
export const TRIAL_CREDIT_LIFETIME_MS = 30 * DAY_MS; // 2,592,000,000 ms
export const BONUS_CREDIT_LIFETIME_MS = 180 * DAY_MS;
/** Credits are spent in this order (soonest expiring first); purchased credits never expire. */
export const CREDIT_USE_ORDER = ['trial', 'bonus', 'purchased'] as const;
export type CreditBucket = (typeof CREDIT_USE_ORDER)[number];

export const CAR_PACKAGE_ANGLE_COUNT = 8;
/** Free retries the dealer may ask for each angle of a charged package (decisions.md, turn 3). */
export const MAX_FREE_RETRIES_PER_ANGLE = 3;
export const CAR_PACKAGE_CREDITS = 1;
export const BATCH_CREDITS_PER_IMAGE = 1;

export const MAGIC_LINK_LIFETIME_MS = 15 * 60 * 1000;
export const MAGIC_LINK_MIN_INTERVAL_MS = 60 * 1000;
/**
 * Sign-in link requests (POST /api/auth/magic-link), counted whether or not the address has an account: per
 * address per day and per client (the viewer's IP) per hour. Every answer, sent or not, takes at least the floor.
 */
export const MAGIC_LINK_RATE_LIMIT = { perAddressPerDay: 10, perClientPerHour: 30 } as const;
export const MAGIC_LINK_ANSWER_FLOOR_MS = 1200;

export const RECENT_PACKAGES_LIMIT = 5;
export const RECENT_TRANSACTIONS_LIMIT = 10;
export const GALLERY_SKELETON_COUNT = 6;

export const PURCHASE_SUCCESS_VIEW_MS = 2000;
export const CAROUSEL_INTERVAL_MS = 5000;
export const BATCH_PROCESS_PAUSE_MS = 500;
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;

/** Contact form limits (the public page and the support centre). */
export const CONTACT_NAME_MAX = 120;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;
/** Contact messages accepted per window, per client address and per e-mail address. */
export const CONTACT_RATE_LIMIT = { perClient: 20, perEmail: 3, windowMs: 60 * 60 * 1000 } as const;

/** Largest JSON body an API route accepts. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
/**
 * What any JSON body may hold, checked before its schema (every route): objects and arrays nested at most `maxDepth`
 * levels (the body itself is level 1; the table holds 32), numbers no larger than `maxNumber` in size and, unless 0,
 * no smaller than `minFraction` (the table holds 1e-130 to 1e125), and keys of 1 to `maxKeyLength` characters (the
 * table refuses empty ones).
 */
export const JSON_BODY_BOUNDS = { maxDepth: 8, maxNumber: Number.MAX_SAFE_INTEGER, minFraction: 1e-6, maxKeyLength: 128 } as const;

/** Accounts and credits (the sign-in issue). */
export const DEALER_NAME_MAX = 120;
export const LOGO_URL_MAX = 2048;
/** The dealer's public contact on a shared car's page (Settings, "Car page contact"; issue 41, item 6). */
export const CONTACT_PHONE_MAX = 32;
export const CONTACT_PHONE_DIGITS = { min: 6, max: 15 } as const;
export const CONTACT_ADDRESS_MAX = 200;
/** Extensions a logo URL's path may end with. */
export const LOGO_URL_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.svg'] as const;
/** Largest number of credits one POST /api/credits/use may spend. */
export const MAX_CREDITS_PER_USE = 100;
export const CREDIT_DESCRIPTION_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 128;
/** Tries of an optimistic credit update before the caller is told to retry (contention on one balance). */
export const CREDIT_UPDATE_ATTEMPTS = 30;

/** Support centre tickets. */
export const SUPPORT_CATEGORIES = ['bug', 'feature', 'general', 'billing', 'technical'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_SUBJECT_MAX = 200;
export const ATTACHMENT_NAME_MAX = 180;
/** Support tickets accepted per window, per signed-in user and per client address. */
export const SUPPORT_RATE_LIMIT = { perUser: 5, perClient: 20, windowMs: 60 * 60 * 1000 } as const;

/** Newest contact messages and support tickets the admin inbox shows. */
export const ADMIN_INBOX_LIMIT = 50;

/** Car packages (the car packages issue). */
export const CAR_PACKAGE_NAME_MAX = 120;
export const PHOTO_NAME_MAX = 180;
export const CAR_PACKAGE_PAGE_SIZE = 12;
export const CAR_PACKAGE_PAGE_SIZE_MAX = 50;
/** A created package waits this long for its uploads and its start, then is forgotten (nothing was charged). */
export const CAR_PACKAGE_DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Signed image links in API answers stay valid this long. */
export const SIGNED_URL_LIFETIME_S = 60 * 60;
/** A logo placed on studio images is at most this large. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** Trial links (issue 12): how long a link may be valid, how long trial uploads are kept, and the anti-abuse limits. */
export const TRIAL_LINK_MAX_DAYS = 90;
export const TRIAL_UPLOAD_RETENTION_DAYS = 30;
/** The name and background of the car package the trial photos become after the first sign-in. */
export const TRIAL_PACKAGE_NAME = 'Trial photos';
/**
 * Calls of the public trial routes (validate, upload, complete, create account), counted per link and per client
 * (the viewer's IP) per hour; a full window answers 429.
 */
export const TRIAL_RATE_LIMIT = { perLinkPerHour: 40, perClientPerHour: 120 } as const;

/** Contact messages and support tickets (and their attachments) are deleted this long after they were sent. */
export const INBOX_RETENTION_DAYS = 365;

/**
 * A shared car's page, embed, data and images may be kept this long by CloudFront (not by browsers): a busy embed is served
 * from the edge, and a car whose sharing is turned off (or whose package changes) is gone everywhere within a minute.
 * Each shared car also has its own limit of requests that reach the API a minute, so one car cannot use up the
 * routes' capacity for the others.
 */
export const SHARED_CAR_CACHE_SECONDS = 60;
export const SHARED_CAR_ORIGIN_PER_MINUTE = 600;

/**
 * New car checks (a paid vision call each in AWS) an account may ask for in an hour (functions/src/vision/check-budget.ts);
 * checking the same photo again costs nothing and counts nothing. A paying dealer's day of shooting fits easily; an
 * account that never bought credits gets enough for a few packages, and so does its network, across accounts.
 */
export const VISION_CHECK_LIMITS = { payingPerHour: 600, freePerHour: 30, freeNetworkPerHour: 90 } as const;
