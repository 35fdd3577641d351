import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGuestCall } from '../../../api/chat.ts';
import { GateField } from '../../gate/GateField.tsx';
import { EMAIL_PATTERN } from '../../../protocol/accounts.ts';
import { keepGuest } from '../chatSession.ts';

interface Props {
  buildingId: string;
  onReady: () => void;
}

/** A visitor without an account says who they are before the first message (the gate's fields and rules). */
export function GuestForm({ buildingId, onReady }: Props) {
  const { t } = useTranslation('chat');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: t('chat.field-required') }),
      ...(!email.trim() ? { email: t('chat.field-required') } : EMAIL_PATTERN.test(email.trim()) ? {} : { email: t('chat.invalid-email') }),
    };
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const guest = await createGuestCall({ buildingId, name: name.trim(), email: email.trim() });
      keepGuest({ token: guest.guestToken, guestId: guest.guestId, name: guest.name });
      onReady();
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="atrium-chat__guest" noValidate onSubmit={(e) => void submit(e)} data-testid="chat-guest-form">
      <h3>{t('chat.guest-title')}</h3>
      <p>{t('chat.guest-intro')}</p>
      <GateField name="name" label={t('chat.guest-name')} type="text" autoComplete="name" value={name} error={errors.name} onValue={setName} />
      <GateField name="email" label={t('chat.guest-email')} type="email" autoComplete="email" value={email} error={errors.email} onValue={setEmail} />
      {failed && <p className="atrium-chat__error" role="alert">{t('chat.failed')}</p>}
      <button type="submit" className="atrium-chat__send" disabled={sending}>{t('chat.guest-start')}</button>
    </form>
  );
}
