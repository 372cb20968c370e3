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
