// The information panel's view model: what the flat-screen dialog and the in-world panel both show. UI-free.
import type { Tour } from '../../protocol/tour.ts';
import { localText } from './localText.ts';

export interface InfoViewModel {
  name: string;
  description: string;
  credits: string | null;
  /** Section heading, in the visitor's language. */
  creditsLabel: string;
}

function metaString(meta: Record<string, unknown>, key: string): string | null {
  const value = meta[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

export function infoViewModel(tour: Tour, lang: string, labels: { credits: string }): InfoViewModel {
  return {
    name: localText(tour.nameMulti, lang, tour.name),
    description: localText(tour.descriptionMulti, lang, tour.description),
    credits: metaString(tour.meta, 'credits'),
    creditsLabel: labels.credits,
  };
}
