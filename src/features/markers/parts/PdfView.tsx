import { useTranslation } from 'react-i18next';
import { useUrlAlive } from '../useUrlAlive.ts';

/** The PDF in the page plus a download link; a deleted file (404) says 'This item is no longer available'. */
export function PdfView({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('markers');
  const state = useUrlAlive(url);
  if (state === 'dead') return <p className="atrium-marker-gone" role="status">{t('markers.no-longer-available')}</p>;
  return (
    <>
      {state === 'alive' && <iframe className="atrium-marker-frame atrium-marker-pdf" src={url} title={title} data-testid="pdf-frame" />}
      <a className="atrium-marker-action" href={url} download target="_blank" rel="noopener noreferrer" data-testid="pdf-download">
        {t('markers.download-pdf')}
      </a>
    </>
  );
}
