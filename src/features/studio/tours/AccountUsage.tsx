import { useTranslation } from 'react-i18next';
import type { AccountUsage as Usage } from '../../../protocol/studio.ts';

/** Bytes in the largest unit that keeps the figure readable, in the owner's language (1,2 Go, 350 MB, ...). */
function formatBytes(bytes: number, lang: string): string {
  const [value, unit] = bytes >= 1e9 ? [bytes / 1e9, 'gigabyte'] : [bytes / 1e6, 'megabyte'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/** What the account holds against the server's limits; a limit the administrator lifted is not shown. */
export function AccountUsage({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation('studio');
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { limits } = usage;
  const lines = [
    limits.tours !== null ? t('tours.usage-tours', { used: count(usage.tours), limit: count(limits.tours) }) : null,
    limits.panoramas !== null ? t('tours.usage-panoramas', { used: count(usage.panoramas), limit: count(limits.panoramas) }) : null,
    limits.storageBytes !== null ? t('tours.usage-storage', { used: formatBytes(usage.storedBytes, i18n.language), limit: formatBytes(limits.storageBytes, i18n.language) }) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <p className="studio-muted studio-usage" data-testid="studio-usage">
      {lines.map((line, i) => <span key={i}>{line}</span>)}
    </p>
  );
}
