import path from 'node:path';
import type { Config } from '../config.ts';
import { senderFor, type Mailer } from './mailer.ts';
import { outboxMailer } from './outboxMailer.ts';
import { smtpMailer } from './smtpMailer.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox folder DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir' | 'publicUrl'>): Mailer {
  const from = senderFor(config.publicUrl);
  return config.smtpUrl ? smtpMailer(config.smtpUrl, from) : outboxMailer(path.join(config.dataDir, 'outbox'), from);
}
