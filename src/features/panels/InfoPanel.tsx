import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { Dialog } from './Dialog.tsx';
import { localText } from './localText.ts';

interface Props {
  tour: Tour;
  showContact: boolean;
  onClose: () => void;
}

function metaString(meta: Record<string, unknown>, key: string): string | null {
  const value = meta[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** Building information: name, description, credits and (when the owner and the address allow it) contact. */
export function InfoPanel({ tour, showContact, onClose }: Props) {
  const { t, i18n } = useTranslation('panels');
  const name = localText(tour.nameMulti, i18n.language, tour.name);
  const description = localText(tour.descriptionMulti, i18n.language, tour.description);
  const credits = metaString(tour.meta, 'credits');
  const email = metaString(tour.meta, 'contactEmail');
  const phone = metaString(tour.meta, 'contactPhone');
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
      {showContact && (
        <section data-testid="info-contact">
          <h4>{t('info.contact')}</h4>
          {email && <p><a href={`mailto:${email}`}>{email}</a></p>}
          {phone && <p><a href={`tel:${phone}`}>{phone}</a></p>}
          {!email && !phone && <p className="atrium-panel__muted">{t('info.no-contact')}</p>}
        </section>
      )}
    </Dialog>
  );
}
