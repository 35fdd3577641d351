import type { Mailer } from '../../mail/mailer.ts';
import { bookingWords } from '../booking/bookingWords.ts';
import type { InviteNotifier } from './guides.service.ts';

/** Mails a guide invitation in the inviter's interface language (the invitee's is not known yet). */
export function inviteMailer(mailer: Mailer): InviteNotifier {
  return async ({ email, url, tourName, inviter, lang }) => {
    const t = bookingWords(lang);
    await mailer.send({
      to: email,
      subject: t('mail.invite-subject', { tour: tourName }),
      text: `${t('mail.invite-body', { inviter: inviter.name ?? inviter.username, tour: tourName })}\n${url}\n`,
    });
  };
}
