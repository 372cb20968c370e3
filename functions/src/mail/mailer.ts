/** Sends one e-mail. SES in AWS; the outbox (files shown on the local mailbox page) locally. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
