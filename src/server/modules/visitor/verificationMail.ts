import type { MailMessage } from '../../mail/mailer.ts';
import { catalogWords } from '../../i18n/catalogWords.ts';

export interface VerificationMailInput {
  to: string;
  name: string;
  tourName: string;
  code: string;
  link: string;
  minutes: number;
  locale: string | null | undefined;
}

/** Plain text only: the code must be readable in every client, and nothing in it needs markup. */
export function verificationMail(input: VerificationMailInput): MailMessage {
  const t = catalogWords('gate', input.locale);
  const text = [
    t('mail.greeting', { name: input.name }), '', t('mail.code'), '', `    ${input.code}`, '', t('mail.link'), input.link, '',
    t('mail.expires', { minutes: input.minutes }), '', t('mail.ignore'), '',
  ].join('\n');
  return { to: input.to, subject: t('mail.subject', { tour: input.tourName }), text };
}
