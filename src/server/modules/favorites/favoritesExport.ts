// POST /v2/favorites/export: the visitor's favourites as a PDF (pdf/). A signed-in visitor's stored list is exported;
// an anonymous visitor sends the list the browser holds. Photos are read from the media store and made small first.
import sharp from 'sharp';
import type { FavoriteCategory, FavoriteTarget, FavoritesExportBody } from '../../../protocol/favorites.ts';
import { withoutMediaPass } from '../../../protocol/mediaPass.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import type { SessionUser } from '../auth/identity.ts';
import { ITEM_GONE, type FavoritesService } from './favorites.service.ts';
import type { FavoriteTargets } from './favoriteTargets.ts';
import { buildFavoritesPdf, type PdfEntry, type PdfImage } from './pdf/favoritesPdf.ts';
import { pdfWords } from './pdf/pdfWords.ts';
import { tourVisibleTo } from './tourAccess.ts';

const ORDER: readonly FavoriteCategory[] = ['marker', 'panorama', 'card', 'company', 'user', 'nameCard'];

const local = (multi: Record<string, string>, lang: string, fallback: string) => multi[lang] || multi[lang.split('-')[0] ?? ''] || fallback;

export class FavoritesExport {
  constructor(
    private readonly favorites: FavoritesService,
    private readonly targets: FavoriteTargets,
    private readonly opts: { storage: MediaStorage; publicUrl: string; clock?: () => number },
  ) {}

  async pdf(viewer: SessionUser | null, body: FavoritesExportBody): Promise<Uint8Array> {
    const tour = await this.targets.building(body.buildingId);
    if (!tour || !tourVisibleTo(tour, viewer)) throw new AppError('NOT_FOUND', ITEM_GONE);
    const items = viewer
      ? (await this.favorites.list(viewer)).favorites.map((f) => ({ identifier: f.identifier, note: f.note, target: f.target }))
      : await this.anonymous(body);
    const lang = body.locale;
    const words = pdfWords(lang, new Date(this.opts.clock?.() ?? Date.now()));
    const [cover] = await this.favorites.resolve(viewer, [{ identifier: 'card', identifierId: tour.id }]);
    const groups = await Promise.all(ORDER.map(async (category) => ({
      label: words.category(category),
      entries: await Promise.all(items.filter((i) => i.identifier === category && i.target).map((i) => this.entry(i.target!, i.note, lang))),
    })));
    return buildFavoritesPdf({
      rtl: words.rtl,
      words,
      tourName: cover ? local(cover.titleMulti, lang, cover.title) : tour.name,
      logo: tour.logoUrl ? await this.image(tour.logoUrl, 400, 160, 'inside') : null,
      groups: groups.filter((g) => g.entries.length > 0),
    });
  }

  private async anonymous(body: FavoritesExportBody) {
    const items = body.items ?? [];
    const targets = await this.favorites.resolve(null, items);
    return items.map((item, i) => ({ identifier: item.identifier, note: item.note, target: targets[i] ?? null }));
  }

  private async entry(t: FavoriteTarget, note: string, lang: string): Promise<PdfEntry> {
    const price = local(t.priceMulti, lang, t.price ?? '');
    const tourName = local(t.buildingNameMulti, lang, t.buildingName ?? '');
    const title = local(t.titleMulti, lang, t.title);
    return {
      title,
      detail: price || (tourName !== title ? tourName : null),
      description: plain(local(t.descriptionMulti, lang, t.description)),
      note,
      image: t.image ? await this.image(t.image, 240, 180, 'cover') : null,
      link: t.buildingId ? `${this.opts.publicUrl}/${encodeURIComponent(t.buildingId)}${t.panoramaId ? `?panorama=${encodeURIComponent(t.panoramaId)}` : ''}` : null,
    };
  }

  /** A media file as a small JPEG; null when it is not a media file or cannot be read (the entry shows without it). */
  private async image(url: string, width: number, height: number, fit: 'cover' | 'inside'): Promise<PdfImage | null> {
    const stored = withoutMediaPass(url);
    if (!stored.startsWith('/media/')) return null;
    try {
      const relative = decodeURIComponent(stored.slice('/media/'.length));
      if (relative.split('/').some((s) => s === '..' || s === '.' || s === '') || relative.includes('.partial-')) return null;
      const found = await this.opts.storage.read(relative);
      if (!found) return null;
      const { data, info } = await sharp(Buffer.concat(await found.body.toArray() as Buffer[])).resize(width, height, { fit, withoutEnlargement: fit === 'inside' })
        .flatten({ background: '#ffffff' }).jpeg({ quality: 70 }).toBuffer({ resolveWithObject: true });
      return { data: new Uint8Array(data), width: info.width, height: info.height };
    } catch {
      return null;
    }
  }
}

/** Descriptions may carry the editor's HTML: the PDF shows their words. */
function plain(html: string): string {
  return html.replace(/<br\s*\/?>|<\/p>/gi, '\n').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/\n{3,}/g, '\n\n').trim();
}
