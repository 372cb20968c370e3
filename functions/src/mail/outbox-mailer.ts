import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import type { Mailer, OutgoingMail } from './mailer';

export interface OutboxMessage extends OutgoingMail {
  id: string;
  from: string;
  createdAt: string;
}

/**
 * The local home's mail service: each mail is a JSON file in the outbox folder (listed on the local
 * mailbox page), and its links are printed on the console so a developer can click them.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly dir: string, private readonly from: string) {}

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const message: OutboxMessage = { ...mail, id: newId(), from: this.from, createdAt: new Date().toISOString() };
    await mkdir(this.dir, { recursive: true });
    // Write then rename, so the mailbox never reads half a file.
    const file = join(this.dir, `${message.id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(message, null, 2));
    await rename(`${file}.tmp`, file);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    logger.info(`mail to ${mail.to}: ${mail.subject}`, { outbox: file, links });
    return { id: message.id };
  }
}

/**
 * Mails already read, by file: a mail's file is written once (under a temporary name, then renamed) and never
 * changed, so the mailbox page reads each file once instead of the whole outbox on every look (a long-running
 * host's outbox holds hundreds of mails, and the page is polled while someone waits for a sign-in link).
 */
const readMails = new Map<string, OutboxMessage>();

/** Newest first; `to` keeps the mails to that address. */
export async function readOutbox(dir: string, to?: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  names.sort().reverse();
  const messages = await Promise.all(
    names.map(async (n) => {
      const file = join(dir, n);
      let message = readMails.get(file);
      if (!message) {
        message = JSON.parse(await readFile(file, 'utf8')) as OutboxMessage;
        readMails.set(file, message);
      }
      return message;
    }),
  );
  return to === undefined ? messages : messages.filter((m) => m.to === to);
}
