/**
 * Every user-facing message of the spec's error catalogue (section 8) and validation rules (section 5),
 * written once for the SPA and the functions. Functions take the variable parts.
 */
import { MAX_FILE_BYTES } from './limits';

const KIND_NAMES: Record<string, string> = { '.jpeg': 'JPG', '.jpg': 'JPG', '.png': 'PNG', '.webp': 'WebP' };
/** ".jpeg", ".jpg", ".png", ".webp" -> "JPG, PNG or WebP"; other extensions in capitals (PDF, DOCX). */
export function fileKinds(extensions: readonly string[]): string {
  const names = [...new Set(extensions.map((e) => KIND_NAMES[e.toLowerCase()] ?? e.replace(/^\./, '').toUpperCase()))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

/** "10", "2", "1.5": a byte limit in MB, as dealers read sizes. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

export interface ToastMessage {
  title: string;
  description?: string;
}

export const MESSAGES = {
  // Sign-up and sign-in
  signupFailedTitle: 'Signup failed',
  signupFailedFallback: 'An error occurred during signup. Please try again.',
  loginFailedTitle: 'Login failed',
  loginFailedFallback: 'An error occurred. Please try again.',
  invalidEmail: 'Please enter a valid email address',
  /** The trial sign-up's answer: credits are granted at the first sign-in, not before, and not to everyone (once per person). */
  trialStarted: { title: 'Check your email to sign in', description: 'Open the link we sent you. New accounts get free credits, once per person.' },
  magicLinkSent: { title: 'Magic link sent!', description: 'Check your email for a link to sign in' },
  /** The login dialog's sent view: the answer is the same whether the address has an account, and one link a minute is sent. */
  magicLinkSentView:
    'If an account exists for this address, a link is on its way; a link sent in the last minute still works. Open it on this or any device to sign in: it works once and expires after 15 minutes.',
  signedOut: { title: "You've been signed out", description: 'Come back soon!' },
  authRequired: { title: 'Authentication required', description: 'Please log in to access this page' },

  // Trial link
  invalidTrialLinkTitle: 'Invalid Trial Link',
  invalidTrialLinkFallback: 'This trial link is invalid or has expired.',
  validatingTrialLink: 'Validating your trial link...',
  trialValidationFailed: { title: 'Error', description: 'Failed to validate trial link. Please try again.' },
  trialValidationFailedState: 'Failed to validate trial link',
  validTrialLink: (dealer: string | null | undefined): ToastMessage => ({
    title: `Welcome ${dealer || 'Dealer'}!`,
    description: 'Your trial link is valid. Upload up to 10 car photos to get started.',
  }),
  noTrialToken: { title: 'Error', description: 'No valid trial token found.' },
  trialUploadFailedTitle: 'Upload failed',
  trialUploadFailedFallback: 'Failed to upload photos. Please try again.',
  accountCreationFailedTitle: 'Account creation failed',
  accountCreationFailedFallback: 'Failed to create your account. Please try again.',
  accountCreationNetwork: { title: 'Error', description: 'Failed to create account. Please try again.' },
  invalidOrExpiredTrialToken: 'Invalid or expired trial token',
  trialTokenAlreadyUsed: 'Trial token already used',
  profileUpdateOnSignInFailed: {
    title: 'Failed to update profile',
    description: "Your account was created but we couldn't update your profile settings.",
  },
  photoTransferFailed: {
    title: 'Photo transfer failed',
    description: 'There was an issue transferring your trial photos. Please contact support if needed.',
  },
  trialPhotosTransferred: 'Trial photos transferred!',

  // Files
  tooManyPhotos: (n: number) => `Maximum ${n} photos allowed`,
  tooManyTrialPhotos: (n: number): ToastMessage => ({
    title: `Maximum ${n} photos allowed`,
    description: `You can only upload ${n} photos for your trial`,
  }),
  tooManyBatchPhotos: { title: 'Maximum 10 photos allowed', description: 'You can only upload 10 photos at once' },
  tooManyPackagePhotos: (n: number): ToastMessage => ({
    title: `Maximum ${n} photos allowed`,
    description: `You can upload up to ${n} photos for a single car`,
  }),
  noPhotosSelectedTitle: 'No photos selected',
  noPhotosTrial: 'Please select at least one photo to upload',
  noPhotosBatch: 'Please select at least one photo to process',
  noPhotosPackage: 'Please select at least one photo to start processing',
  /** `extensions` (".jpeg", ".jpg", ".png"...) named as dealers know them: "JPG, PNG or WebP". */
  fileTypeInvalid: (extensions: readonly string[]) => `This file type is not accepted. Please send ${fileKinds(extensions)}.`,
  fileTooLarge: (bytes: number = MAX_FILE_BYTES) => `This file is larger than ${megabytes(bytes)} MB.`,
  fileTooSmall: (bytes: number) => (bytes <= 1 ? 'This file is empty.' : `This file is smaller than ${bytes} bytes.`),
  /** A photo of a type the product does not take (HEIC and AVIF have their own words). */
  photoTypeInvalid: 'The photo must be a JPG, PNG or WebP file',
  tooManyFiles: 'Too many files',

  // Car packages and batch
  sessionNameRequired: { title: 'Session name required', description: 'Please enter a name for this car, e.g. a year-make-model' },
  pleaseLogInToProcess: 'Please log in to process images.',
  pleaseEnsureLoggedIn: "Please ensure you're logged in",
  userNotAuthenticated: 'User not authenticated',
  noAuthToken: 'No authentication token found',
  packageStartFailedTitle: 'Failed to start processing',
  packageGalleryLoadFailed: 'Failed to load car packages',
  batchUploadFailed: 'Upload failed',
  unknownProcessingError: 'Unknown error during processing',
  apiError: (status: number, body: string) => `API error: ${status} - ${body}`,
  packageStarted: (photoCount: number, name: string): ToastMessage => ({
    title: 'Car package processing started!',
    description: `Processing ${photoCount} ${photoCount === 1 ? 'photo' : 'photos'} for ${name}. Check the gallery for progress.`,
  }),
  imagesUploaded: { title: 'Images uploaded and processing started!', description: 'Check the My Images page for results.' },

  // Credits and payments
  insufficientCreditsTitle: 'Insufficient credits',
  insufficientCredits: (need: number, have: number) => `Insufficient credits. Need ${need}, have ${have}`,
  insufficientCreditsBatch: (need: number, have: number) =>
    `You need ${need} credits but only have ${have}. Please purchase more credits.`,
  purchaseMoreCredits: 'Please purchase more credits to continue.',
  paymentFailed: 'Payment failed',
  paymentFailedRetry: 'Payment failed. Please try again.',
  failedToLoadPackages: 'Failed to load credit packages',
  invalidCoupon: 'Invalid coupon code',
  failedToValidateCoupon: 'Failed to validate coupon',
  failedToUseCredits: 'Failed to use credits',
  failedToPurchaseCredits: 'Failed to purchase credits',
  failedToLoadBalance: 'Failed to load credit balance',

  // Settings, images, downloads
  settingsUpdateFailedTitle: 'Update failed',
  settingsUpdateFailedFallback: 'An error occurred while updating your profile.',
  emailCannotChange: 'Your account email cannot be changed',
  imagesLoadFailed: 'Failed to load images',
  downloading: 'Downloading image...',
  downloaded: 'Image downloaded successfully',
  downloadFailed: 'Failed to download image',

  // Errors of the application itself
  missingEnv: 'Missing required environment variable',
  notFound: 'Oops! Page not found',
  unexpectedError: 'Unexpected Application Error!',

  // API-level errors (server side)
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManySignInRequests: 'Too many sign-in requests. Please wait a while and try again.',
  forbiddenSuperUser: 'This feature is only available to super users.',
  unauthorized: 'Unauthorized',
  internalError: 'Something went wrong on our side. Please try again.',
  jsonContentTypeRequired: 'Send the request body as JSON (Content-Type: application/json)',
  routeNotFound: 'Not found',

  // Accounts, credits and support (server side)
  accountNotFound: 'Your account was not found. Please sign out and sign in again.',
  notYourAccount: 'You can only act on your own account.',
  nothingToUpdate: 'Send dealer_name, logo_url, plate_treatment, package_ready_email, contact_phone, contact_address or contact_email in the body to update your profile.',
  onlyThroughSite: 'Use the API through the site address, not the API Gateway endpoint.',
  erasureConfirmRequired: 'Send confirm: true to delete your account and all its data.',
  erasureKept: 'Payment records are kept for finance and tax law (amount, date, credits bought, account id); everything else of your account was deleted.',
  accountErased: { title: 'Your account was deleted', description: 'A confirmation was sent to your e-mail address.' },
  logoTypeInvalid: 'The logo must be a JPG, PNG or WebP image.',
  logoTooLarge: (bytes: number) => `The logo must be at most ${megabytes(bytes)} MB.`,
  logoNotUploaded: 'The logo was not uploaded. Please choose the file again.',
  logoUnreadable: 'This file is not a JPG, PNG or WebP image we can read. Please choose another file.',
  logoSaved: { title: 'Logo saved', description: 'It can now be placed on your studio images.' },
  logoUrlInvalid: 'The Logo URL must be an https:// address of a PNG, JPG, WebP or SVG image.',
  idempotencyKeyReused: 'This idempotency_key was already used for a different request.',
  creditsBusy: 'Your credit balance is busy. Please try again.',
  refundTooLarge: 'A refund cannot return more credits than were charged.',
  debitNotFound: 'The charge to refund was not found.',
  attachmentNotYours: 'This attachment does not belong to you.',
  attachmentMissing: 'The attachment was not uploaded. Please upload it again.',
  attachmentTypeMismatch: (fileName: string) => `The content of ${fileName} does not match its file type.`,
  attachmentExtensionMismatch: (types: readonly string[]) => `file_name must end with ${types.join(', ')} for this content_type`,
  supportTicketNotMailed: 'Your ticket was saved but could not be sent right now. Please try again in a few minutes.',
  noSuchUser: (email: string) => `No account with the e-mail ${email} yet. Sign in once with that address, then run this again.`,

  // Sign-in link and dashboard (the SPA side of the sign-in issue)
  signedIn: { title: "You're signed in", description: 'Welcome to your dashboard.' },
  signInLinkInvalid: 'This sign-in link is invalid, used or expired',
  profileUpdated: { title: 'Profile updated', description: 'Your changes have been saved.' },
} as const;

/** The background picker's notes. */
export const BACKGROUND_NOTES = {
  /** A site whose compositor has no scene library (its operator adds one: docs/renderer.md, "Photographic scenes"). */
  noOutdoorStyles: 'Sunset, Urban, Coast and Mountain need photographic scenes, which this site has not set up (its operator adds them: npm run scenes:fetch, then SCENES_DIR, or -c scenesDir in AWS). Studio (white, light grey, dark grey) and Showroom are rendered by the product itself.',
} as const;

/** Car packages: answers of the API and texts of the pages (car packages issue). */
/**
 * The angles a package does not have because none of its photos shows them (decisions.md, turn 4): a quiet note on
 * the package's page, never a failure (nothing was attempted for them).
 */
export const MISSING_ANGLE_MESSAGES = {
  title: 'Not in this package',
  why: 'None of its photos shows these angles. Photos of them give them in a new package.',
  createLink: 'Create a package',
  /** With the mirror fill off: the angles a new package would also make from these photos, reversed. */
  mirror: (switchLabel: string, angles: string[]) => `With “${switchLabel}” on, a new package would also make the ${angles.join(', ')} from these photos, reversed.`,
} as const;

export const CAR_PACKAGE_MESSAGES = {
  notFound: 'This car package was not found.',
  photoNotUploaded: (fileName: string) => `${fileName} was not uploaded. Please upload it again.`,
  photoRefused: (fileName: string, reason: string) => `${fileName}: ${reason}`,
  uploadsExpired: 'The uploads of this car package expired. Please create the package again.',
  alreadyStarted: 'This car package has already started.',
  stillProcessing: 'This car package is still processing. Delete it once it has finished.',
  angleNotFailed: 'Only a failed angle can be retried.',
  angleNotRetryable: 'A retry would give the same result: no photo of this package can give this angle. Create a new package with a photo of it.',
  nothingToZip: 'No image of this car package is finished yet.',
  couldNotStart: 'Processing could not start. Your credit was refunded; please try again.',
  allAnglesFailed: 'No angle could be rendered. Your credit was refunded.',
  allPhotosRefused: 'None of the photos could be used. Your credit was refunded.',
  noUsablePhoto: (reasons: string[]) => `None of the photos could be used: ${reasons.join(' ')}`,
  interrupted: 'Processing was interrupted before any angle was rendered. Your credit was refunded; you can start the package again (1 credit).',
  interruptedAngle: 'Processing was interrupted before this angle finished. You can retry it for free.',
  /** A failure of ours (a bug, a misconfiguration): never blamed on the image service. */
  angleFailedOnOurSide: 'This angle failed on our side. Your credit is safe; we have been notified.',
  angleBusy: 'The image service was busy and did not deliver this angle after several tries. You can retry this angle for free.',
  angleTooSlow: 'Rendering this angle took too long. You can retry this angle for free.',
  noLogo: 'Upload a logo in Settings before placing it on your images.',
  /** An outdoor style asked of a site without a scene library (its form does not offer it). */
  /** The form when every photo was checked and none gives an angle: nothing to charge a credit for. */
  noAnglesYet: 'None of these photos gives an angle yet: add a photo that shows the whole car, or tag the angle a photo shows.',
  /** Two photos give one angle: the form says which one the package uses and which is left out (shared/angle-plan.ts). */
  photoLeftOut: (angle: string, usedPhoto: number) => `Photo ${usedPhoto} already gives the ${angle}, so this photo is left out. Tag another angle for it or remove it.`,
  anglePhotosLeftOut: (photos: readonly number[]) => `${photos.length === 1 ? 'photo' : 'photos'} ${photos.join(', ')} left out`,
  styleNotOffered: (label: string) => `The ${label} style is not available on this site: it needs photographic scenes, and none are set up. Choose a Studio, Showroom or Original location, blurred.`,
  logoUnreadable: 'Your logo could not be read. Upload it again in Settings or turn off the logo.',
  deleted: 'Car package deleted',
  unnamed: 'Unnamed Car',
  noPreview: 'No preview',
  noPackagesYet: 'No car packages yet',
  createFirst: 'Create your first package',
} as const;

/** Why the renderer refuses a photo; shown to the dealer beside the photo (renderers issue). */
export const PHOTO_REFUSALS = {
  empty: 'This file is empty. Please upload a photo of the car.',
  tooLarge: (maxMb: number) => `This photo is larger than ${maxMb} MB. Please upload a smaller photo.`,
  unsupportedType: 'This file is not a JPEG, PNG or WebP photo. Please upload a photo in one of those formats.',
  /** iPhones save HEIC by default; AVIF comes from some Android phones and web exports. */
  heic: 'This is a HEIC photo (the iPhone default), which we cannot read yet. Please send it as a JPEG: on the iPhone, set Settings > Camera > Formats to Most Compatible, or share the photo by mail or AirDrop choosing JPEG.',
  avif: 'This is an AVIF image, which we cannot read yet. Please save or export it as a JPEG (or PNG) and upload that.',
  tooManyPixels: 'This image has too many pixels to process safely. Please upload a normal camera photo.',
  tooSmall: (min: number) => `This photo is too small (under ${min} px). Please upload a larger photo of the car.`,
  corrupt: 'This photo is damaged or incomplete and cannot be opened. Please upload it again.',
  notACar: 'We could not find a car in this photo. Please upload a photo that shows the whole car.',
} as const;

// A similarity shown to the dealer, rounded down so a refused 0.749 never reads as the 0.75 needed.
const similarity = (score: number) => (Math.floor(score * 100) / 100).toFixed(2);

/** The check that a rendered car is still the dealer's car (renderers issue, "the car stays the car"). */
export const CAR_FIDELITY = {
  /** The generated image was refused twice; `score` and `needed` are 0..1 similarities. */
  changed: (score: number, needed: number) =>
    `The car changed in the generated image (similarity ${similarity(score)}, at least ${needed.toFixed(2)} needed), so it was not delivered. You can retry this angle for free.`,
  regenerated: (score: number) => `The car changed in the first generated image (similarity ${similarity(score)}); it was generated again.`,
  notMeasured: 'Car fidelity not measured: this image was not compared with your photo.',
} as const;

/** The admin area (super users): answers of its API and texts of its pages. */
export const ADMIN_MESSAGES = {
  accessRestrictedTitle: 'Access Restricted',
  accessRestricted: 'This feature is only available to super users. Please contact support if you need access.',
  badCursor: 'cursor is not valid: use the next_cursor of the previous page',
  stripeEventNotFound: (id: string) => `No Stripe event with the id ${id} was received.`,
  couponExists: (code: string) => `A coupon with the code ${code} already exists.`,
  couponNotFound: (code: string) => `No coupon with the code ${code}.`,
  couponExpiryPast: 'expires_at must be in the future',
  unknownPackages: (ids: readonly string[]) => `Unknown credit package: ${ids.join(', ')}`,
  noDealer: (email: string) => `No dealer account with the e-mail ${email}. The dealer must sign in once first.`,
  packageNotFound: (id: string) => `No credit package with the id ${id}.`,
} as const;

/** Refusals and warnings of the car check (vision issue): said before anything is charged. */
export const CAR_CHECK_MESSAGES = {
  noCar: PHOTO_REFUSALS.notACar,
  /** The check's hourly allowance (429): photos already checked are never checked again, so only new ones wait. */
  tooManyChecks: (perHour: number, minutes: number) =>
    `You have checked ${perHour} new photos this hour, the most for one account. Photos you already added are not checked again; add new ones in ${minutes} min.`,
  tooManyFreeChecks: (perHour: number, minutes: number) =>
    `You have checked ${perHour} new photos this hour, the most for an account that has not bought credits. Add new photos in ${minutes} min, or buy credits to check more.`,
  tooManyNetworkChecks: (minutes: number) => `Too many new photos were checked from your network this hour. Add new photos in ${minutes} min, or buy credits to check more.`,
  /** The same-car comparison (shared/same-car.ts) flags a photo in the package form. */
  differentCar: 'This looks like a different car from the others',
  differentCarsBlock: (n: number) => `${n === 1 ? 'One photo looks' : `${n} photos look`} like a different car: remove ${n === 1 ? 'it' : 'them'} or confirm ${n === 1 ? 'it is' : 'they are'} the same car to generate.`,
  interior: 'This photo shows the inside of the car. Studio images show the car from outside: please upload a photo of the whole car.',
  carTooSmall: 'The car is too small in this photo. Please step closer so the car fills most of the picture.',
  /** Also a car filling the frame's width with both ends cut off (a web photo of a Bugatti Veyron): not "most of it" outside. */
  carOutsideFrame: 'The car does not fit in this photo: it is cut off at the edges. Please step back so the whole car is in the picture.',
  severalCars: 'This photo shows several cars of similar size. Please upload one car per photo.',
  cutByEdge: 'Part of the car is cut off by the edge of the photo; the studio image will show it cut off too.',
  otherCarsRemoved: (count: number) => `${count === 1 ? 'Another car' : `${count} other cars`} in the photo ${count === 1 ? 'was' : 'were'} left out of the cut-out.`,
  lowConfidence: 'Not sure: please check this angle.',
} as const;
/** The vision service (OpenAI) failed: not the dealer's fault, nothing was charged. */
export const VISION_UNAVAILABLE = 'The car check is not available right now. Nothing was charged; please try again in a minute.';

/** My Images (/dashboard/images, spec section 2): page texts; its toasts are MESSAGES.imagesLoadFailed and the download ones. */
export const MY_IMAGES_MESSAGES = {
  title: 'Your Images',
  emptyTitle: 'No Images Yet',
  createPackage: 'Create New Car Package',
  viewOriginal: 'View Original',
  download: 'Download',
  originalTitle: 'Original Image',
  loadMore: 'Load more',
} as const;

/** The dealers tab of the admin area: finding a dealer and making or unmaking a super user. */
export const DEALER_ADMIN_MESSAGES = {
  noDealer: (email: string) => `No dealer account with the e-mail ${email}. The dealer must sign in once first.`,
  dealerNotFound: 'No dealer account with this id.',
  /** Why: a super user who removes their own role could leave the admin area with no one able to get back in. */
  cannotUnmakeSelf: 'You cannot remove your own super-user role: another super user must do it, so the admin area is never left without one.',
  roleChangedMeanwhile: 'The role of this dealer was changed by someone else meanwhile. Look the dealer up again.',
} as const;

/** The batch processor (Image Processor, super users): answers of its API and texts of its page. */
export const BATCH_MESSAGES = {
  notFound: 'This batch was not found.',
  alreadyStarted: 'This batch has already started.',
  uploadsExpired: 'The uploads of this batch expired. Please upload the photos again.',
  couldNotStart: 'Processing could not start. Your credits were refunded; please try again.',
  interrupted: 'Processing was interrupted before this photo finished. Its credit was refunded.',
  photoFailed: 'This photo could not be processed. Its credit was refunded.',
  photoBusy: 'The image service was busy and did not deliver this photo after several tries. Its credit was refunded.',
  photoTooSlow: 'Processing this photo took too long. Its credit was refunded.',
  photoFailedOnOurSide: 'This photo failed on our side. Its credit was refunded; we have been notified.',
  /** A photo's own refusal, with the credit given back. */
  photoRefused: (reason: string) => `${reason} Its credit was refunded.`,
  allFailed: 'No photo could be processed. Your credits were refunded.',
  pageTitle: 'Process Vehicle Images',
  pageIntro: 'Upload up to 10 photos: each becomes a studio image on the background you choose, for 1 credit each.',
  uploadCardTitle: 'Batch Upload',
  backgroundLabel: 'Background',
  creditsAvailable: (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'} available`,
  creditsNeeded: (n: number) => `This batch uses ${n} ${n === 1 ? 'credit' : 'credits'} (1 per photo).`,
  /** Once the batch has started: the credits are already off the balance shown above. */
  creditsUsed: (n: number) => `This batch used ${n} ${n === 1 ? 'credit' : 'credits'} (1 per photo); a photo that fails is refunded.`,
  dropTitle: 'Drag & drop car photos here, or click to select',
  dropActive: 'Drop the photos here...',
  dropHint: 'JPG, PNG or WebP, up to 10 MB each, at most 10 photos',
  clearAll: 'Clear All',
  uploadAndProcess: (n: number) => `Upload & Process ${n} ${n === 1 ? 'Photo' : 'Photos'}`,
  /** Some photos were refused by the car check: only the others are processed and charged. */
  processUsable: (n: number) => `Process ${n} usable ${n === 1 ? 'photo' : 'photos'} (${n} ${n === 1 ? 'credit' : 'credits'})`,
  checkingPhotos: (checked: number, total: number) => `Checking photos (${checked} of ${total})…`,
  noUsablePhotos: 'No photo shows a usable car: remove the refused ones or add others.',
  refusedStatus: 'Refused',
  checkingStatus: 'Checking',
  processing: 'Processing...',
  successTitle: 'Your photos are being processed',
  successText: 'Each finished studio image appears in My Images. Failed photos are refunded automatically.',
  doneTitle: 'Your batch is done',
  doneText: (completed: number, failed: number) =>
    `${completed} ${completed === 1 ? 'studio image is' : 'studio images are'} ready in My Images.` +
    (failed > 0 ? ` ${failed} ${failed === 1 ? 'photo' : 'photos'} failed; ${failed === 1 ? 'its credit was' : 'their credits were'} given back.` : ''),
  viewMyImages: 'View My Images',
  uploadMore: 'Upload More Images',
  failedBadge: (n: number) => `${n} Failed`,
} as const;

/** Trial links (issue 12): what the server says beyond the spec's own texts in MESSAGES. */
export const TRIAL_MESSAGES = {
  uploadPhotosFirst: 'Please upload your photos before creating your account.',
  noUploadsToCheck: 'No photos were uploaded with this trial link. Please upload your photos again.',
  alreadyTransferred: 'Your trial photos were already transferred.',
  nothingToTransfer: 'No trial photos to transfer.',
  emailNotYours: 'The e-mail must be the address you signed in with.',
  userIdNotYours: 'user_id must be your own account id.',
  tooManyTrialRequests: 'Too many requests for this trial link. Please wait a while and try again.',
  linkNotFound: 'Trial link not found.',
  cannotRevokeConverted: 'This trial link was already used to create an account; it can no longer be revoked.',
} as const;

/** Input the product refuses before reading it further (issue 27): every JSON or form body, every route. */
export const INPUT_BOUNDS_MESSAGES = {
  tooDeep: (field: string, max: number) => `${field} is nested too deeply (at most ${max} levels of objects and lists)`,
  numberOutOfRange: (field: string, max: number) => `${field} is not a number this service accepts (at most ${max} in size, and 0 or at least 0.000001)`,
  emptyKey: (where: string) => `${where} has a field with an empty name`,
  keyTooLong: (where: string, max: number) => `${where} has a field name longer than ${max} characters`,
  emptyFormFieldName: 'The form has a field with an empty name',
} as const;

/** A token issued before its account was erased (issue 27): still valid at the gateway for up to an hour, refused here. */
export const ERASED_ACCOUNT_MESSAGES = {
  erased: 'This account has been deleted. Its sign-in is no longer valid.',
} as const;

/** Coupons across purchase attempts (issue 27): shown under "Invalid coupon code" or as the purchase's refusal. */
export const COUPON_ATTEMPT_MESSAGES = {
  paymentInProgress: 'A payment with this coupon is being processed. Please wait for it to finish.',
  replacedByNewerAttempt: 'A newer purchase with this coupon replaced this one. Please use the newest payment form.',
  busy: 'This coupon is busy with another purchase of yours. Please try again in a moment.',
} as const;

/** Free retries and starting a refunded package again (issue 27; decisions.md, turn 3). */
export const RETRY_MESSAGES = {
  refundedStartAgain:
    'This package was refunded because no angle could be rendered, so it is not rendered again for free. Start it again as a new package for 1 credit.',
  retriesUsedUp: (n: number) => `This angle was already retried ${n} times for free. To try it again, start a new package (1 credit).`,
  notRefunded: 'Only a package whose credit was refunded can be started again. Retry its failed angles instead.',
  busy: 'This package is changing right now. Please try again in a moment.',
  noUsablePhotos: 'None of the photos of this package can be used, so it cannot be started again. Create a new package with other photos.',
  startAgainButton: 'Start again (1 credit)',
  startAgainTitle: 'Start this package again?',
  startAgainText: 'Nothing could be rendered, so your credit was refunded. Starting again renders the same photos as a new package and uses 1 credit.',
  startAgainConfirm: 'Start again for 1 credit',
  startedAgain: 'Started again as a new package',
  startAgainFailed: 'Could not start the package again',
  retriesLeft: (n: number) => `${n} free ${n === 1 ? 'retry' : 'retries'} left`,
} as const;

/** Trial credits once per person and a daily cap per network (issue 27; decisions.md, turn 3), in the dealer's words. */
export const TRIAL_CREDIT_MESSAGES = {
  /**
   * What the trial sign-up may promise (issue 39, item 5): the credits are granted at the first sign-in, once per
   * person and up to a few accounts a day per network, so nothing announces them as granted before.
   */
  offer: (credits: number) => `New accounts get ${credits} free credits, once per person.`,
  /** A dashboard at 0 credits (no trial credits, or all used): the way forward. */
  noCredits: 'You have no credits. Buy credits to create car packages, or contact us to ask for a trial.',
  refused: {
    address: 'Free trial credits are given once per person, and this e-mail address (or another spelling of it that reaches the same mailbox) already received them.',
    network: 'The free trials of your network are used up for today, so this account started without trial credits.',
  },
} as const;

/** An unfinished car package on its page and its angle cards (issue 39, item 5): what it is doing, in angles. */
export const PACKAGE_PROGRESS_MESSAGES = {
  /** Prepare photos: every photo checked and cut out, the angles chosen; no angle has started yet. */
  checking: 'Checking the photos and choosing the angles.',
  rendering: (ready: number, making: number) => `Rendering: ${ready} of ${making} ${making === 1 ? 'angle' : 'angles'} ready.`,
  /** An angle whose render has not started yet. */
  queued: 'Queued: not started yet.',
} as const;

/** Dealer integrations (issue 28): API keys, the public API, webhooks. */
export const INTEGRATION_MESSAGES = {
  keyRevoked: 'This API key was revoked. Create a new key in Settings.',
  keyNotFound: 'No such API key.',
  tooManyKeys: (max: number) => `You can have at most ${max} active API keys. Revoke one you no longer use first.`,
  rateLimited: (perMinute: number) => `Too many requests with this API key (at most ${perMinute} a minute). Try again after the time in Retry-After.`,
  dealerRateLimited: (perMinute: number) => `Too many requests with your API keys together (at most ${perMinute} a minute for all of them). Try again after the time in Retry-After.`,
  externalIdTaken: 'This external_id belongs to another of your car packages that is being processed.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another request. Use a new key for each different request.',
  endpointNotFound: 'No such webhook endpoint.',
  tooManyEndpoints: (max: number) => `You can have at most ${max} webhook endpoints. Delete one first.`,
  endpointUrl: 'The endpoint must be an https:// URL on the public internet.',
  endpointUrlLocal: 'The endpoint must be an https:// URL, or an http:// URL on this machine (127.0.0.1, localhost, [::1]) in local mode.',
  endpointPrivate: (address: string) => `The endpoint resolves to ${address}, a private, loopback or reserved address: webhooks go to the public internet only.`,
  endpointUnresolvable: (host: string) => `The endpoint's host ${host} could not be resolved.`,
  endpointReservedPort: (port: number) => `Port ${port} is this local host's own (its site, mailbox or storage engines): point the webhook at your receiver's port instead.`,
  tooManyTestEvents: (perMinute: number) => `At most ${perMinute} test events a minute per endpoint. Wait a minute and send again.`,
  // Settings' forms (and the same checks in the API behind them): plain sentences, never a field's name.
  keyNameRequired: 'Give the key a name, so you can tell it from your other keys (for example "DMS sync").',
  keyNameTooLong: (max: number) => `Keep the key's name to ${max} characters or fewer.`,
  endpointUrlRequired: "Enter your endpoint's address, starting with https://.",
  endpointUrlTooLong: (max: number) => `That address is too long: an endpoint's address can be at most ${max} characters.`,
  endpointUrlMalformed: "That is not a web address. Enter your endpoint's full address, like https://dms.example.com/studio-lot.",
} as const;

/** Sharing a car package (issue 29). */
export const SHARE_MESSAGES = {
  /** The same answer for a link that never existed, one turned off and one whose package is gone. */
  notFound: 'This car is not shared (any more).',
  nothingToShare: 'No image of this car package is finished yet: share it once an angle is done.',
  busy: 'This car is being viewed very often right now. Please try again in a minute.',
  /** The page a browser gets for a link that is not shared (any more). */
  goneTitle: 'This car page is no longer available',
  goneBody: 'The dealer may have sold the car or taken the page down. The link may also be mistyped.',
  goneWayOn: 'Go to the Studio Lot home page',
} as const;

/** The dealer's public contact on shared car pages (Settings, "Car page contact"; issue 41, item 6). */
export const CONTACT_MESSAGES = {
  phoneInvalid: (min: number, max: number, chars: number) =>
    `Enter the phone number as a buyer dials it, e.g. +44 20 7946 0000 or (555) 010-2030: digits, spaces, ( ) - . and a + at the start only, ${min} to ${max} digits, at most ${chars} characters.`,
  addressTooLong: (max: number) => `The address must be at most ${max} characters.`,
  addressControl: 'The address may hold letters, digits, punctuation and line breaks only.',
  emailInvalid: 'Enter the contact e-mail as name@example.com.',
  emailTooLong: (max: number) => `The contact e-mail must be at most ${max} characters.`,
  saved: 'Car page contact saved',
  hint: 'Shown on the public page of each car you share, so buyers can call or write to you. Leave a field empty to hide it.',
} as const;

/** A car's VIN and stock number on a package, and finding a car in the gallery (issue 41, items 1 and 2). */
export const INVENTORY_MESSAGES = {
  vinLength: (length: number) => `A VIN has 17 characters; this one has ${length}.`,
  vinCharacters: (chars: readonly string[]) =>
    `A VIN has only letters and digits, never I, O or Q (they read like 1 and 0): remove or correct ${chars.map((c) => `"${c}"`).join(', ')}.`,
  /** A warning, never a refusal: only North American VINs (first character 1 to 5) must have a correct check digit. */
  vinCheckDigit: (expected: string, actual: string) =>
    `The 9th character (the check digit) should be ${expected} for the rest of this VIN, not ${actual}: check it for a typing error. It is kept as entered.`,
  /** Under the VIN field while it is being typed (Generate waits for a whole VIN or an empty field). */
  vinTyped: (length: number) => `${length} of 17 characters`,
  stockNumberInvalid: (max: number) => `A stock number is 1 to ${max} letters, digits, ".", "_", "/" or "-".`,
  /** The form, when the dealer's gallery has this VIN already. */
  vinOnAnotherPackage: 'This car already has a package:',
  openIt: 'open it',
  decodedAs: (name: string) => `Decoded: ${name}`,
  /** The VIN is well formed but the offline decoder has no entry for its maker or model. */
  notDecoded: 'This VIN could not be decoded offline (its maker or model is not in the data); name the car yourself.',
  searchLabel: 'Find a car',
  searchPlaceholder: 'Name, VIN (or its last 6), stock number',
  noMatch: 'No car package matches this search.',
  dateRangeInvalid: 'The "from" date must be before the "to" date.',
} as const;

/** Settings' "E-mails" (issue 41, item 5): the ready mail's switch, also named at the foot of the mail itself. */
export const EMAIL_SETTING_MESSAGES = {
  readyLabel: 'E-mail me when a car package is ready',
  readyHint:
    'One e-mail per car package when it ends, with its finished angles and a link to it (also when nothing could be made). Receipts for your purchases are always sent.',
  savedOn: 'You will get an e-mail when a car package is ready',
  savedOff: 'No more e-mails when a car package is ready',
} as const;

/** "Import many cars" (issue 41, item 3): a day's shoot in one drop, one draft per car, started together. */
export const IMPORT_MESSAGES = {
  tooManyCars: (found: number, max: number) => `This import has ${found} cars; one import takes up to ${max}. Nothing was uploaded: split the photos into smaller imports.`,
  tooManyPhotos: (found: number, max: number) => `This import has ${found} photos; one import takes up to ${max}. Nothing was uploaded: split the photos into smaller imports.`,
  zipTooManyFiles: (name: string, max: number) => `${name} holds more than ${max} files; nothing was uploaded. Zip one day's photos at a time.`,
  zipUnreadable: (name: string) => `${name} could not be read as a zip file; nothing was uploaded from it.`,
  nothingFound: 'No photos were found in what you dropped. Drop a folder or a zip of JPG, PNG or WebP photos.',
  tooManyForOneCar: (max: number) => `Left out: a car takes up to ${max} photos.`,
  notGroupedHint: (example: string) =>
    `These names do not say which car they show (we read "${example}": a VIN or stock number, then a number). Choose the car for each, or leave it out.`,
  leaveOut: 'Leave out',
  leftOut: 'Left out',
  noName: 'Give this car a name (its VIN could not name it).',
  noPhotosLeft: 'No usable photo of this car is left.',
  creditsTotal: (cars: number) => `Start ${cars} ${cars === 1 ? 'car' : 'cars'}: ${cars} ${cars === 1 ? 'credit' : 'credits'}`,
  creditsShort: (credits: number, ready: number) =>
    `You have ${credits} ${credits === 1 ? 'credit' : 'credits'} for ${ready} cars: ${credits === 1 ? 'the first car' : `the first ${credits} cars`} in the list would start, ${ready - credits === 1 ? 'the other waits as a draft' : 'the others wait as drafts'} until you buy credits.`,
  noCredits: (ready: number) => `You have 0 credits: buy ${ready} ${ready === 1 ? 'credit' : 'credits'} to start ${ready === 1 ? 'this car' : 'these cars'}.`,
  notStartedNoCredit: 'Not started: no credit left for this car.',
  started: (cars: number) => `${cars} ${cars === 1 ? 'car' : 'cars'} started`,
} as const;

/** The inventory feed for listing sites (issue 41, item 4). */
export const INVENTORY_FEED_MESSAGES = {
  notFound: 'No such inventory feed among yours: the URL must name your own account id (the user_id of your car packages).',
  linkNotFound: 'This feed link does not exist or was replaced by a newer one. Ask the dealer for the current link.',
  fileNotFound: 'This image or video is no longer in the feed (it was replaced, the car was deleted, or the feed link was renewed). Read the feed again for its current URL.',
  linkBusy: (perMinute: number) => `This feed link was read more than ${perMinute} times in a minute. Try again after the time in Retry-After.`,
  filesBusy: 'Too many requests for this car’s images this minute. Try again after the time in Retry-After.',
  rotateConflict: 'The feed link was renewed by another request at the same moment. Try again.',
} as const;
