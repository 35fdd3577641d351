import type { Mailer, MailMessage } from './mailer.ts';

/** Keeps messages in memory: the default of buildApp when no mailer is given (tests that do not read mail). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    description: 'memory (messages are not delivered)',
    async send(message: MailMessage) {
      sent.push(message);
    },
    async close() {},
  };
}
