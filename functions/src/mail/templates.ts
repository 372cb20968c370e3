import { angleCount } from '@shared/angles';
import { EMAIL_SETTING_MESSAGES } from '@shared/messages';

/** Mail templates, the same in both homes. Every value from a person is escaped in HTML. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (title: string, bodyHtml: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto">` +
  `<h2 style="margin-bottom:16px">${escapeHtml(title)}</h2>${bodyHtml}` +
  `<p style="color:#666;font-size:12px;margin-top:32px">Studio Lot</p></body></html>`;

export function contactMessageMail(input: { id: string; name: string; email: string; message: string }) {
  const subject = `Contact form: message from ${input.name}`;
  const text = `New message from the contact page (reference ${input.id}).\n\nName: ${input.name}\nEmail: ${input.email}\n\n${input.message}\n`;
  const html = layout(
    'New message from the contact page',
    `<p><b>Name:</b> ${escapeHtml(input.name)}<br><b>Email:</b> ${escapeHtml(input.email)}<br><b>Reference:</b> ${escapeHtml(input.id)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  );
  return { subject, text, html };
}

export function magicLinkMail(input: { link: string; minutes: number }) {
  const subject = 'Your sign-in link for Studio Lot';
  const text = `Sign in to Studio Lot with this link:\n\n${input.link}\n\nIt works once and expires in ${input.minutes} minutes. If you did not ask for it, ignore this e-mail.\n`;
  const html = layout(
    'Sign in to Studio Lot',
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Sign in</a></p>` +
      `<p>The link works once and expires in ${input.minutes} minutes. If you did not ask for it, ignore this e-mail.</p>`,
  );
  return { subject, text, html };
}

export function supportTicketMail(input: {
  id: string;
  user_id: string;
  name: string;
  email: string;
  category: string;
  subject: string;
  message: string;
  attachment: { file_name: string; size: number } | null;
}) {
  const subject = `Support [${input.category}]: ${input.subject}`;
  const attachment = input.attachment ? `${input.attachment.file_name} (${input.attachment.size} bytes, in the admin inbox)` : 'none';
  const text =
    `New support ticket (reference ${input.id}).\n\nName: ${input.name}\nEmail: ${input.email}\nAccount: ${input.user_id}\n` +
    `Category: ${input.category}\nSubject: ${input.subject}\nAttachment: ${attachment}\n\n${input.message}\n`;
  const html = layout(
    'New support ticket',
    `<p><b>Name:</b> ${escapeHtml(input.name)}<br><b>Email:</b> ${escapeHtml(input.email)}<br><b>Account:</b> ${escapeHtml(input.user_id)}<br>` +
      `<b>Category:</b> ${escapeHtml(input.category)}<br><b>Subject:</b> ${escapeHtml(input.subject)}<br>` +
      `<b>Attachment:</b> ${escapeHtml(attachment)}<br><b>Reference:</b> ${escapeHtml(input.id)}</p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
  );
  return { subject, text, html };
}

/** A super user's trial link for a prospect (issue 12). */
export function trialLinkMail(input: { dealerName: string; link: string; expiresAt: string }) {
  const subject = `Your free trial of Studio Lot for ${input.dealerName}`;
  const until = input.expiresAt.slice(0, 10);
  const text = `Hello ${input.dealerName},\n\nTry Studio Lot with your own car photos: upload up to 10 photos with this personal link and create your account to get studio images and 5 free credits.\n\n${input.link}\n\nThe link works until ${until}.\n`;
  const html = layout(
    `Your free trial for ${input.dealerName}`,
    `<p>Try Studio Lot with your own car photos: upload up to 10 photos with this personal link and create your account to get studio images and 5 free credits.</p>` +
      `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Start your free trial</a></p>` +
      `<p>The link works until ${escapeHtml(until)}.</p>`,
  );
  return { subject, text, html };
}

export function accountErasedMail(input: { erasedAt: string }) {
  const subject = 'Your Studio Lot account was deleted';
  const kept = 'Payment records are kept for finance and tax law (amount, date, credits bought and the account id).';
  const text =
    `As you asked, your Studio Lot account was deleted on ${input.erasedAt}: your profile, credits and their history, ` +
    `car packages with their photos and studio images, your logo, support tickets and contact messages, and your sign-in.\n\n${kept}\n\n` +
    `If you did not ask for this, reply to this e-mail.\n`;
  const html = layout(
    'Your account was deleted',
    `<p>As you asked, your Studio Lot account was deleted on ${escapeHtml(input.erasedAt)}: your profile, credits and their history, ` +
      `car packages with their photos and studio images, your logo, support tickets and contact messages, and your sign-in.</p>` +
      `<p>${kept}</p><p>If you did not ask for this, reply to this e-mail.</p>`,
  );
  return { subject, text, html };
}

/** A member's own data erased (issue 42): the dealership's records they made stay with it. */
export function memberDataErasedMail(input: { erasedAt: string; dealership: string }) {
  const subject = 'Your Studio Lot sign-in was deleted';
  const text =
    `As you asked, your sign-in, e-mail address and membership of ${input.dealership} on Studio Lot were deleted on ${input.erasedAt}. ` +
    `The car packages and credit entries you made stay with the dealership, shown as made by a former member.\n\n` +
    `If you did not ask for this, reply to this e-mail.\n`;
  const html = layout(
    'Your sign-in was deleted',
    `<p>As you asked, your sign-in, e-mail address and membership of ${escapeHtml(input.dealership)} on Studio Lot were deleted on ${escapeHtml(input.erasedAt)}. ` +
      `The car packages and credit entries you made stay with the dealership, shown as made by a former member.</p><p>If you did not ask for this, reply to this e-mail.</p>`,
  );
  return { subject, text, html };
}

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** Settings' words for the switch, repeated at the foot of the ready mail. */
const READY_MAIL_OFF = `You get this e-mail once per car package. To stop it, turn off "${EMAIL_SETTING_MESSAGES.readyLabel}" in Settings.`;

/**
 * "Your car package is ready" (issue 41): sent once when a package ends. Completed: every angle of the package is
 * finished (a package is the angles its photos show: "2 angles", never "2 of 8"); partial_complete: the finished angles,
 * and those that were attempted and not made; error: nothing could be made (the credit back). `finished` and `notMade`
 * are the angles' labels in the package's order; `notInPackage` the angles none of its photos shows (nothing was
 * attempted for them); `carLine` the VIN and stock number, if any.
 */
export function packageReadyMail(input: {
  name: string;
  status: 'completed' | 'partial_complete' | 'error';
  finished: string[];
  notMade: string[];
  notInPackage?: string[];
  link: string;
  carLine: string | null;
  refunded: boolean;
  statusMessage: string | null;
}) {
  const total = input.finished.length + input.notMade.length;
  const car = input.carLine ? ` (${input.carLine})` : '';
  if (input.status === 'error') {
    const subject = `Your car package could not be made: ${input.name}`;
    const why = input.statusMessage ?? 'No angle could be rendered.';
    const credit = input.refunded ? ' Your credit for it was given back.' : '';
    const text = `${input.name}${car}: ${why}${credit}\n\nSee why on the package's page, and start it again from there:\n\n${input.link}\n\n${READY_MAIL_OFF}\n`;
    const html = layout(
      'Your car package could not be made',
      `<p><b>${escapeHtml(input.name)}</b>${escapeHtml(car)}: ${escapeHtml(why)}${escapeHtml(credit)}</p>` +
        `<p>See why on the package's page, and start it again from there.</p>${button(input.link, 'Open the car package')}` +
        `<p style="color:#666;font-size:12px">${escapeHtml(READY_MAIL_OFF)}</p>`,
    );
    return { subject, text, html };
  }
  const partial = input.status === 'partial_complete';
  const done = input.finished.length;
  const subject = partial
    ? `Your car package is ready: ${input.name} (${done} of ${total} angles)`
    : `Your car package is ready: ${input.name} (${angleCount(done)})`;
  const lead = partial
    ? `${done} of the ${total} angles of ${input.name}${car} are finished:`
    : `${angleCount(done)} of ${input.name}${car} ${done === 1 ? 'is' : 'are'} finished:`;
  const notMade = partial
    ? `Not made: ${input.notMade.join(', ')}. The package's page says why, and offers a free retry where one can help.`
    : '';
  const notInPackage = input.notInPackage?.length
    ? `Not in this package, as none of its photos shows them: ${input.notInPackage.join(', ')}. Photos of them give them in a new package.`
    : '';
  const notes = [notMade, notInPackage].filter(Boolean);
  const text =
    `${lead}\n\n${input.finished.map((a) => `- ${a}`).join('\n')}\n\n${notes.map((n) => `${n}\n\n`).join('')}` +
    `Open the package to download its studio images:\n\n${input.link}\n\n${READY_MAIL_OFF}\n`;
  const html = layout(
    'Your car package is ready',
    `<p>${escapeHtml(lead)}</p><ul>${input.finished.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>` +
      notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('') +
      button(input.link, 'Open the car package') +
      `<p style="color:#666;font-size:12px">${escapeHtml(READY_MAIL_OFF)}</p>`,
  );
  return { subject, text, html };
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** The receipt of a purchase of credits (issue 41), sent once per payment when Stripe reports it succeeded. */
export function purchaseReceiptMail(input: {
  packageName: string;
  credits: number;
  amountCents: number;
  listPriceCents: number;
  discountCents: number;
  currency: string;
  couponCode: string | null;
  paidAt: string;
  reference: string;
  dealerName: string | null;
}) {
  const amount = money(input.amountCents, input.currency);
  const date = input.paidAt.slice(0, 10);
  const subject = `Your Studio Lot receipt: ${input.credits} credits, ${amount}`;
  const rows: [string, string][] = [
    ['Date', date],
    ['Bought', `${input.packageName}: ${input.credits} credits`],
    ...(input.couponCode
      ? ([
          ['Price', money(input.listPriceCents, input.currency)],
          ['Coupon', `${input.couponCode} (-${money(input.discountCents, input.currency)})`],
        ] as [string, string][])
      : []),
    ['Amount paid', amount],
    ['Reference', input.reference],
    ...(input.dealerName ? ([['Dealership', input.dealerName]] as [string, string][]) : []),
  ];
  const intro = `Thank you for your purchase. ${input.credits} credits were added to your balance.`;
  const text = `${intro}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nYour balance and its history are on your Studio Lot dashboard.\n`;
  const html = layout(
    'Your receipt',
    `<p>${escapeHtml(intro)}</p><table style="border-collapse:collapse">` +
      rows.map(([k, v]) => `<tr><td style="padding:4px 16px 4px 0;color:#666">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('') +
      `</table><p>Your balance and its history are on your Studio Lot dashboard.</p>`,
  );
  return { subject, text, html };
}

/** An owner invited someone to their dealership (issue 42): the link signs in and joins on first sign-in. */
export function teamInviteMail(input: { link: string; dealership: string; invitedBy: string; role: string; minutes: number; days: number }) {
  const subject = `${input.dealership} invited you to Studio Lot`;
  const text =
    `${input.invitedBy} invited you to join ${input.dealership} on Studio Lot as ${input.role}.\n\nJoin with this link:\n\n${input.link}\n\n` +
    `The link works once and expires in ${input.minutes} minutes; the invite itself lasts ${input.days} days (ask for a new sign-in link on the site's Login). If you did not expect it, ignore this e-mail.\n`;
  const html = layout(
    `Join ${input.dealership} on Studio Lot`,
    `<p>${escapeHtml(input.invitedBy)} invited you to join <b>${escapeHtml(input.dealership)}</b> as ${escapeHtml(input.role)}.</p>` +
      `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#111;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Join and sign in</a></p>` +
      `<p>The link works once and expires in ${input.minutes} minutes; the invite itself lasts ${input.days} days (ask for a new sign-in link on the site's Login). If you did not expect it, ignore this e-mail.</p>`,
  );
  return { subject, text, html };
}
