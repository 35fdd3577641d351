import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { Dialog } from './Dialog.tsx';
import { infoViewModel } from './infoModel.ts';
import { isEmptyContact, loadOwnerContact, type OwnerContact } from './ownerContact.ts';

interface Props {
  tour: Tour;
  /** showContactInfo of the tour and no hideContactInfo in the address. */
  showContact: boolean;
  /** The group (query `group`) whose companies may give the contact email. */
  groupId: string | null;
  onClose: () => void;
}

/** Building information: name, description, credits and (when the owner and the address allow it) contact. */
export function InfoPanel({ tour, showContact, groupId, onClose }: Props) {
  const { t, i18n } = useTranslation('panels');
  const { name, description, credits } = infoViewModel(tour, i18n.language, { credits: t('info.credits') });
  const contact = useOwnerContact(tour, groupId, showContact);
  return (
    <Dialog title={t('info.title')} onClose={onClose} testId="panel-info">
      <h3 className="atrium-panel__name">{name}</h3>
      {description && <p className="atrium-panel__text">{description}</p>}
      {credits && (
        <section>
          <h4>{t('info.credits')}</h4>
          <p className="atrium-panel__text" data-testid="info-credits">{credits}</p>
        </section>
      )}
      {showContact && contact && (
        <section data-testid="info-contact">
          <h4>{t('info.contact')}</h4>
          {contact.name && <p data-testid="info-contact-name">{contact.name}</p>}
          {contact.organisation && <p data-testid="info-contact-organisation">{contact.organisation}</p>}
          {contact.email && <p><a href={`mailto:${contact.email}`} data-testid="info-contact-email">{contact.email}</a></p>}
          {isEmptyContact(contact) && <p className="atrium-panel__muted">{t('info.no-contact')}</p>}
        </section>
      )}
    </Dialog>
  );
}

/** The owner's contact, loaded when the panel opens and only if it may be shown; null until it has arrived. */
function useOwnerContact(tour: Tour, groupId: string | null, enabled: boolean): OwnerContact | null {
  const [contact, setContact] = useState<OwnerContact | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    void loadOwnerContact(tour, groupId).then((c) => live && setContact(c));
    return () => {
      live = false;
    };
  }, [tour, groupId, enabled]);
  return enabled ? contact : null;
}
