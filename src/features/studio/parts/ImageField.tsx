import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  url: string | null;
  onUpload: (file: File) => Promise<void>;
  onClear: () => Promise<void>;
  testId: string;
}

/** One picture (logo, floor plan): shows it, replaces it, removes it. The server checks the bytes. */
export function ImageField({ label, url, onUpload, onClear, testId }: Props) {
  const { t } = useTranslation('studio');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="studio-field" data-testid={testId}>
      <span>{label}</span>
      <div className="studio-row">
        {url ? <img className="studio-image-preview" src={url} alt={label} /> : <span className="studio-muted">{t('image.none')}</span>}
        <button type="button" className="studio-button" disabled={busy} onClick={() => input.current?.click()}>{url ? t('image.replace') : t('image.choose')}</button>
        {url ? <button type="button" className="studio-button" disabled={busy} onClick={() => void run(onClear)}>{t('image.remove')}</button> : null}
        {busy ? <span className="studio-muted" role="status">{t('image.uploading')}</span> : null}
      </div>
      <input
        ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/tiff" hidden data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void run(() => onUpload(file));
        }}
      />
    </div>
  );
}
