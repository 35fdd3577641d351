import { useTranslation } from 'react-i18next';
import type { MarkerViewModel } from '../model/markerViewModel.ts';
import { actionLabel } from '../xr/panelModel.ts';
import { ArView } from './ArView.tsx';
import { ImageCarousel } from './ImageCarousel.tsx';
import { NarrationPlayer } from './NarrationPlayer.tsx';
import { PdfView } from './PdfView.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';

/** The content of a marker's panel, by kind; every kind shares the description block. */
export function MarkerBody({ vm }: { vm: MarkerViewModel }) {
  const { t } = useTranslation('markers');
  const media = vm.media;
  return (
    <>
      {vm.unavailable && <p className="atrium-marker-gone" role="status" data-testid="marker-gone">{t('markers.no-longer-available')}</p>}
      {(vm.kind === 'tag' || vm.kind === 'gallery' || vm.kind === 'sticker' || vm.kind === 'arMakerTag') && (
        <ImageCarousel images={vm.images} alt={vm.title} allowFullscreen={vm.kind === 'gallery'} />
      )}
      {media?.kind === 'video' && <VideoPlayer source={media.source} title={vm.title} />}
      {media?.kind === 'audio' && <NarrationPlayer url={media.url} />}
      {media?.kind === 'pdf' && <PdfView url={media.url} title={vm.title} />}
      {media?.kind === 'web' && (
        <iframe className="atrium-marker-frame" src={media.url} title={vm.title} sandbox="allow-scripts allow-popups allow-forms" data-testid="web-frame" />
      )}
      {media?.kind === 'ar' && <ArView markerId={vm.id} url={media.url} widthPercent={media.widthPercent} title={vm.title} />}
      {vm.category && vm.kind === 'tag' && <p className="atrium-marker-category">{vm.category}</p>}
      {vm.price && <p className="atrium-marker-price" data-testid="marker-price">{vm.price}</p>}
      {/* vm.html is rebuilt from an allow-list by sanitizeHtml (model/sanitizeHtml.ts), never the owner's raw HTML. */}
      {vm.html && <div className="atrium-marker-text" data-testid="marker-text" dangerouslySetInnerHTML={{ __html: vm.html }} />}
      {vm.entries.length > 0 && (
        <ul className="atrium-multitag" data-testid="multitag-list">
          {vm.entries.map((entry, i) => (
            <li key={`${entry.name}-${i}`}>
              {entry.photo && <img src={entry.photo} alt="" onError={(e) => (e.currentTarget.hidden = true)} />}
              <span>{entry.name}</span>
            </li>
          ))}
        </ul>
      )}
      {vm.action && (
        <a className="atrium-marker-action" href={vm.action.href} target="_blank" rel="noopener noreferrer" data-testid="marker-action">
          {actionLabel(vm.action, vm.price, { buy: t('markers.buy'), openLink: t('markers.open-link') })}
        </a>
      )}
      {vm.link && (
        <a className="atrium-marker-action" href={vm.link} target="_blank" rel="noopener noreferrer" data-testid="marker-link">
          {t('markers.open-link')}
        </a>
      )}
    </>
  );
}
