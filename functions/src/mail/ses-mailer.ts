import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer, OutgoingMail } from './mailer';

export class SesMailer implements Mailer {
  private readonly client: SESv2Client;
  constructor(private readonly from: string, region: string) {
    this.client = new SESv2Client({ region });
  }

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const out = await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [mail.to] },
        ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return { id: out.MessageId ?? 'unknown' };
  }
}
