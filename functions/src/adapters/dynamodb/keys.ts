/**
 * Key layout of the single table (see DESIGN.md). Every item key is built here and nowhere else.
 * GSI1 lists a user's car packages newest first.
 */
export const keys = {
  creditPackage: (id: string) => ({ PK: 'CREDIT_PACKAGES', SK: `PACKAGE#${id}` }),
  creditPackagesPartition: 'CREDIT_PACKAGES',
  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'MESSAGE' }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ PK: `RATE#${scope}#${subject}`, SK: `WINDOW#${windowStart}` }),
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
  /** GSI1: a user's car packages newest first (ids are ULIDs). */
  carPackageIndex: (sub: string, id: string) => ({ GSI1PK: `USER#${sub}`, GSI1SK: `SESSION#${id}` }),
  carPackageIndexPrefix: 'SESSION#',
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
} as const;

/** Seconds since the epoch, the unit of the table's TTL attribute (`expiresAt`). */
export const ttlAt = (ms: number) => Math.floor(ms / 1000);
