import { useTranslation } from 'react-i18next';
import type { Message } from './orderingMessages.ts';

/** Translates an ordering message ('ordering' catalog); the platform's own words follow as they are. */
export function useOrderingText(): { text: (m: Message) => string; lang: string } {
  const { t, i18n } = useTranslation('ordering');
  return { text: (m) => t(m.key, m.values ?? {}), lang: i18n.language };
}
