/**
 * Key layout of the single table (see DESIGN.md). Every item key is built here and nowhere else.
 * GSI1 lists a user's car packages newest first.
 */
export const keys = {
  creditPackage: (id: string) => ({ PK: 'CREDIT_PACKAGES', SK: `PACKAGE#${id}` }),
  creditPackagesPartition: 'CREDIT_PACKAGES',
  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'MESSAGE' }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ PK: `RATE#${scope}#${subject}`, SK: `WINDOW#${windowStart}` }),
  /** Every window of one counter (keys.rateWindow). */
  rateWindowPartition: (scope: string, subject: string) => `RATE#${scope}#${subject}`,
  wsTicket: (ticketHash: string) => ({ PK: `WSTICKET#${ticketHash}`, SK: 'TICKET' }),
  wsConnection: (sub: string, connectionId: string) => ({ PK: `USER#${sub}`, SK: `CONN#${connectionId}` }),
  wsConnectionPrefix: 'CONN#',
  userPartition: (sub: string) => `USER#${sub}`,
  magicLink: (emailHash: string) => ({ PK: `LINK#${emailHash}`, SK: 'LINK' }),
  // Accounts and credits
  profile: (sub: string) => ({ PK: `USER#${sub}`, SK: 'PROFILE' }),
  creditBalance: (sub: string) => ({ PK: `USER#${sub}`, SK: 'BALANCE' }),
  /** Ledger entry with a deterministic id (`<KIND>#<key>`), so a retried write cannot happen twice. */
  creditTransaction: (sub: string, txId: string) => ({ PK: `USER#${sub}`, SK: `TX#${txId}` }),
  creditTransactionPrefix: 'TX#',
  /** GSI1: a user's ledger newest first (same GSI1PK as their car packages, another sort key prefix). */
  creditTransactionIndex: (sub: string, createdAt: string, txId: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `TX#${createdAt}#${txId}` }),
  creditTransactionIndexPrefix: 'TX#',
  /** Finds an account by its sign-in e-mail (lower-cased). */
  emailLookup: (email: string) => ({ PK: `EMAIL#${email.toLowerCase()}`, SK: 'ACCOUNT' }),
  // Inboxes of the admin area (GSI1, newest first)
  contactMessageIndex: (createdAt: string, id: string) => ({ GSI1PK: 'CONTACT_MESSAGES', GSI1SK: `${createdAt}#${id}` }),
  contactMessagesIndexPartition: 'CONTACT_MESSAGES',
  supportTicket: (id: string) => ({ PK: `SUPPORT#${id}`, SK: 'TICKET' }),
  supportTicketIndex: (createdAt: string, id: string) => ({ GSI1PK: 'SUPPORT_TICKETS', GSI1SK: `${createdAt}#${id}` }),
  supportTicketsIndexPartition: 'SUPPORT_TICKETS',
  // Car packages: META, DRAFT and one IMAGE#<angle> item per angle under the package's partition.
  carPackage: (id: string) => ({ PK: `SESSION#${id}`, SK: 'META' }),
  carPackageDraft: (id: string) => ({ PK: `SESSION#${id}`, SK: 'DRAFT' }),
  carPackageImage: (id: string, angle: string) => ({ PK: `SESSION#${id}`, SK: `IMAGE#${angle}` }),
  carPackagePartition: (id: string) => `SESSION#${id}`,
  carPackageImagePrefix: 'IMAGE#',
  /** GSI1: a user's drafts, so an account erasure finds them (no list reads this prefix). */
  carPackageDraftIndex: (sub: string, id: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `DRAFT#${id}` }),
  /** GSI1: a user's car packages newest first (ids are ULIDs). */
  carPackageIndex: (sub: string, id: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `SESSION#${id}` }),
  carPackageIndexPrefix: 'SESSION#',
  /** GSI2: car packages by the UTC day they started, in start order (the admin area's Operations figures). */
  carPackageDayIndex: (startedAt: string, id: string) => ({ GSI2PK: `CAR_PACKAGES#${startedAt.slice(0, 10)}`, GSI2SK: `${startedAt}#${id}` }),
  carPackageDayPartition: (day: string) => `CAR_PACKAGES#${day}`,
  /** GSI1: a user's finished studio images newest first (My Images). */
  renderedImageIndex: (sub: string, completedAt: string, imageId: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `IMAGE#${completedAt}#${imageId}` }),
  /** Packages whose workflow is running: what the sweeper checks (one small partition, no Scan). */
  activeCarPackage: (id: string) => ({ PK: 'ACTIVE_PACKAGES', SK: `PACKAGE#${id}` }),
  activeCarPackagesPartition: 'ACTIVE_PACKAGES',
  // Payments (purchase issue). One PURCHASE item per PaymentIntent, listed newest first on GSI1 for finance.
  payment: (paymentIntentId: string) => ({ PK: `PAYMENT#${paymentIntentId}`, SK: 'PURCHASE' }),
  paymentIndex: (createdAt: string, paymentIntentId: string) => ({ GSI1PK: 'PAYMENTS', GSI1SK: `${createdAt}#${paymentIntentId}` }),
  paymentsIndexPartition: 'PAYMENTS',
  /** One EVENT item per Stripe event id (conditional put: stored once), one DELIVERY item per delivery. */
  stripeEvent: (eventId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: 'EVENT' }),
  stripeEventDelivery: (eventId: string, deliveryId: string) => ({ PK: `STRIPE_EVENT#${eventId}`, SK: `DELIVERY#${deliveryId}` }),
  stripeEventDeliveryPrefix: 'DELIVERY#',
  stripeDeliveryIndex: (receivedAt: string, deliveryId: string) => ({ GSI1PK: 'STRIPE_DELIVERIES', GSI1SK: `${receivedAt}#${deliveryId}` }),
  stripeDeliveriesIndexPartition: 'STRIPE_DELIVERIES',
  /** Coupons by upper-cased code; one REDEMPTION item per dealer who used (or holds) it. */
  coupon: (code: string) => ({ PK: `COUPON#${code}`, SK: 'COUPON' }),
  couponRedemption: (code: string, sub: string) => ({ PK: `COUPON#${code}`, SK: `REDEMPTION#${sub}` }),
  couponIndex: (createdAt: string, code: string) => ({ GSI1PK: 'COUPONS', GSI1SK: `${createdAt}#${code}` }),
  couponsIndexPartition: 'COUPONS',
  // Batches (batch processor, super users): META, DRAFT and one PHOTO#<nn> item per photo under the batch's partition.
  batch: (id: string) => ({ PK: `BATCH#${id}`, SK: 'META' }),
  batchDraft: (id: string) => ({ PK: `BATCH#${id}`, SK: 'DRAFT' }),
  batchPhoto: (id: string, index: number) => ({ PK: `BATCH#${id}`, SK: `PHOTO#${String(index).padStart(2, '0')}` }),
  batchPartition: (id: string) => `BATCH#${id}`,
  batchPhotoPrefix: 'PHOTO#',
  /** Batches whose workflow is running: what the sweeper checks. */
  activeBatch: (id: string) => ({ PK: 'ACTIVE_BATCHES', SK: `BATCH#${id}` }),
  activeBatchesPartition: 'ACTIVE_BATCHES',
  /** GSI1: a user's batches and batch drafts, so an account erasure finds them (no list reads these prefixes). */
  batchIndex: (sub: string, id: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `BATCH#${id}` }),
  batchDraftIndex: (sub: string, id: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `BATCH_DRAFT#${id}` }),
  // Trial links (issue 12): the link, its token's hash, the conversion by e-mail, the once-only transfer markers.
  trialLink: (id: string) => ({ PK: `TRIAL_LINK#${id}`, SK: 'LINK' }),
  /** GSI1: every trial link newest first (ids are ULIDs), for the admin list. */
  trialLinkIndex: (createdAt: string, id: string) => ({ GSI1PK: 'TRIAL_LINKS', GSI1SK: `${createdAt}#${id}` }),
  trialLinksIndexPartition: 'TRIAL_LINKS',
  /** Only the SHA-256 of a token is stored; it finds the link. */
  trialToken: (tokenHash: string) => ({ PK: `TRIAL_TOKEN#${tokenHash}`, SK: 'TOKEN' }),
  /** The links converted to an address (lower-cased), for the transfer by e-mail. */
  trialConversion: (email: string, linkId: string) => ({ PK: `TRIAL_CONVERSION#${email.toLowerCase()}`, SK: `LINK#${linkId}` }),
  trialConversionPartition: (email: string) => `TRIAL_CONVERSION#${email.toLowerCase()}`,
  /** Written in the transfer's charge transaction only if absent: one transfer per account and one per link. */
  trialTransferOfUser: (sub: string) => ({ PK: `USER#${sub}`, SK: 'TRIAL_TRANSFER' }),
  trialTransferOfLink: (linkId: string) => ({ PK: `TRIAL_LINK#${linkId}`, SK: 'TRANSFER' }),
  /** A dealer's erasure request: kept after the erasure (account id and times only). */
  erasureRequest: (sub: string) => ({ PK: `ERASURE#${sub}`, SK: 'REQUEST' }),
  /** A mailbox (its SHA-256) got its trial credits: written once, kept after an erasure (one trial per person). */
  trialGrantOfMailbox: (mailboxHash: string) => ({ PK: `TRIAL_GRANT#${mailboxHash}`, SK: 'GRANT' }),
  /** An account created past its network's daily trial cap: its first sign-in grants no trial credits. */
  trialCreditRefusal: (sub: string) => ({ PK: `USER#${sub}`, SK: 'TRIAL_REFUSAL' }),
  /** A car check's answer for one photo (by its bytes' digest) of this dealer: the same bytes are not looked at again. */
  visionCheck: (sub: string, digest: string, depth: string) => ({ PK: `USER#${sub}`, SK: `VISION_CHECK#${depth}#${digest}` }),
  /** The count of every car check's new look in one hour (ms of its start), for the Operations tab. */
  visionLooksHour: (hourStart: number) => ({ PK: 'VISION_LOOKS', SK: `HOUR#${hourStart}` }),
  visionLooksPartition: 'VISION_LOOKS',
} as const;

/** Seconds since the epoch, the unit of the table's TTL attribute (`expiresAt`). */
export const ttlAt = (ms: number) => Math.floor(ms / 1000);

// My Images and the admin area's dealers tab (kept out of the object above so parallel branches merge cleanly).
/** GSI1SK prefix of keys.renderedImageIndex: a user's finished studio images. */
export const renderedImageIndexPrefix = 'IMAGE#';
/** A super user made or unmade a super user: one item per change under the dealer's partition (SK sorts by time). */
export const roleChangeKeys = {
  item: (sub: string, changedAt: string, id: string) => ({ PK: `USER#${sub}`, SK: `ROLE_CHANGE#${changedAt}#${id}` }),
  prefix: 'ROLE_CHANGE#',
} as const;

/** The scopes of the rate counters keyed by a dealer's account or address (an account erasure deletes them). */
export const rateScopes = { supportUser: 'support-user', contactEmail: 'contact-email' } as const;

/**
 * Dealer integrations (issue 28). A dealer's keys, endpoints, deliveries and usage live under the dealer's partition; the
 * two items found by something other than the dealer (a key's hash, a webhook event's id) carry GSI1PK USER#<sub>, so
 * an account erasure finds and deletes them with the rest.
 */
export const integrationKeys = {
  apiKey: (sub: string, keyId: string) => ({ PK: `USER#${sub}`, SK: `APIKEY#${keyId}` }),
  apiKeyPrefix: 'APIKEY#',
  /** The authorizer's lookup: only the key's SHA-256 is stored. Deleted when the key is revoked. */
  apiKeyHash: (hash: string) => ({ PK: `APIKEY_HASH#${hash}`, SK: 'KEY' }),
  apiKeyHashIndex: (sub: string, hash: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `APIKEY_HASH#${hash}` }),
  /** Calls and webhook deliveries of a dealer on one UTC day. */
  usageDay: (sub: string, day: string) => ({ PK: `USER#${sub}`, SK: `USAGE#${day}` }),
  usagePrefix: 'USAGE#',
  /** A car package by the dealer's stock number or VIN. */
  externalId: (sub: string, externalId: string) => ({ PK: `USER#${sub}`, SK: `EXTERNAL_ID#${externalId}` }),
  /** An Idempotency-Key of a start (its SHA-256), with the request it answered. Expires after a day. */
  idempotencyKey: (sub: string, keyHash: string) => ({ PK: `USER#${sub}`, SK: `IDEMPOTENCY#${keyHash}` }),
  webhookEndpoint: (sub: string, id: string) => ({ PK: `USER#${sub}`, SK: `WEBHOOK#${id}` }),
  webhookEndpointPrefix: 'WEBHOOK#',
  /** One item per event id: an event whose producer ran twice is delivered once. */
  webhookEvent: (eventId: string) => ({ PK: `WEBHOOK_EVENT#${eventId}`, SK: 'EVENT' }),
  webhookEventIndex: (sub: string, eventId: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `WEBHOOK_EVENT#${eventId}` }),
  webhookDelivery: (sub: string, endpointId: string, deliveryId: string) => ({ PK: `USER#${sub}`, SK: `WHDELIVERY#${endpointId}#${deliveryId}` }),
  webhookDeliveryPrefix: (endpointId: string) => `WHDELIVERY#${endpointId}#`,
} as const;

/**
 * Shared cars (issue 29): the public link's lookup, keyed by the SHA-256 of its token (the token itself is kept on the
 * package's META, for its dealer). It carries GSI1PK USER#<sub>, so an account erasure finds and deletes it.
 */
export const shareKeys = {
  share: (tokenHash: string) => ({ PK: `SHARE#${tokenHash}`, SK: 'SHARE' }),
  shareIndex: (sub: string, tokenHash: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `SHARE#${tokenHash}` }),
} as const;

/**
 * The inventory feed (issue 41, item 4): the dealer's feed record (the secret link's fingerprint and the key that signs
 * its image links) under the dealer's partition, and the secret link's lookup by the SHA-256 of its token, which
 * carries GSI1PK USER#<sub> so an account erasure finds and deletes it.
 */
export const inventoryFeedKeys = {
  feed: (sub: string) => ({ PK: `USER#${sub}`, SK: 'INVENTORY_FEED' }),
  link: (tokenHash: string) => ({ PK: `FEED_LINK#${tokenHash}`, SK: 'LINK' }),
  linkIndex: (sub: string, tokenHash: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `FEED_LINK#${tokenHash}` }),
} as const;

/**
 * A dealership is a team (issue 42). A person's membership (their sign-in identity's sub to the dealership's account id
 * and role) is found from the token on every request; it is listed under the dealership on GSI1 while active (TEAM#,
 * not USER#: an account erasure keeps it, so the removed or erased-dealership member is still refused). An invite is
 * keyed by the invited address (the first sign-in finds it) and listed under the dealership on GSI1.
 */
export const teamKeys = {
  membership: (personSub: string) => ({ PK: `MEMBER#${personSub}`, SK: 'MEMBERSHIP' }),
  memberIndex: (dealershipId: string, personSub: string) => ({ GSI1PK: `TEAM#${dealershipId}`, GSI1SK: `MEMBER#${personSub}` }),
  teamPartition: (dealershipId: string) => `TEAM#${dealershipId}`,
  memberIndexPrefix: 'MEMBER#',
  /** A removed member's membership (kept as the marker that refuses their tokens), still found from the dealership: its erasure deletes it. */
  formerMemberIndex: (dealershipId: string, personSub: string) => ({ GSI1PK: `TEAM#${dealershipId}`, GSI1SK: `FORMER#${personSub}` }),
  invite: (email: string, dealershipId: string) => ({ PK: `INVITE#${email.toLowerCase()}`, SK: `TEAM#${dealershipId}` }),
  invitesOf: (email: string) => `INVITE#${email.toLowerCase()}`,
  inviteIndex: (dealershipId: string, inviteId: string) => ({ GSI1PK: `TEAM#${dealershipId}`, GSI1SK: `INVITE#${inviteId}` }),
  inviteIndexPrefix: 'INVITE#',
} as const;
