import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Without SMTP_URL, mail is written as .eml files (one per message, openable in any mail client) under `dir`, so a
 * fresh install works and nothing is lost. nodemailer's stream transport builds the same RFC 5322 message SMTP would send.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `writing to ${dir} (set SMTP_URL to send)`,
    async send(message: MailMessage) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, path.join(dir, name));
    },
    async close() {},
  };
}
