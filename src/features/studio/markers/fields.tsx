// Small form controls of the marker side form. Each shows its error under it, tied with aria-describedby.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES } from '../../../protocol/constants.ts';
import { languageName } from '../../../protocol/languageName.ts';
import type { MarkerAssetKind, MultitagEntry } from '../../../protocol/studioMarkers.ts';

export type Upload = (kind: MarkerAssetKind, file: File) => Promise<string>;

export function Field({ label, error, children, id }: { label: string; error?: string; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode; id?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  return (
    <div className={`smk-field${error ? ' has-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {children({ id: inputId, 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': errorId } : {}) })}
      {error && <p className="smk-field-error" id={errorId} data-testid="studio-field-error">{error}</p>}
    </div>
  );
}

export function TextField({ label, value, onChange, error, multiline, testId, placeholder }: {
  label: string; value: string; onChange: (v: string) => void; error?: string; multiline?: boolean; testId?: string; placeholder?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(p) => multiline
        ? <textarea {...p} value={value} rows={4} onChange={(e) => onChange(e.target.value)} data-testid={testId} placeholder={placeholder} />
        : <input {...p} type="text" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} placeholder={placeholder} />}
    </Field>
  );
}

/** Per-language texts: one row per language, languages added from the interface languages. */
export function MultiTextField({ label, value, onChange, errors, multiline, testId }: {
  label: string; value: Record<string, string>; onChange: (v: Record<string, string>) => void; errors: (lang: string) => string | undefined; multiline?: boolean; testId?: string;
}) {
  const { t, i18n } = useTranslation('studioMarkers');
  const name = (code: string) => languageName(code, i18n.language);
  const free = INTERFACE_LANGUAGES.filter((l) => !(l in value));
  const [adding, setAdding] = useState<string>(free[0] ?? 'en');
  return (
    <fieldset className="smk-multi" data-testid={testId}>
      <legend>{label}</legend>
      {Object.entries(value).map(([lang, text]) => (
        <div key={lang} className="smk-multi-row">
          <TextField label={name(lang)} value={text} multiline={multiline} error={errors(lang)} onChange={(v) => onChange({ ...value, [lang]: v })} />
          <button type="button" className="studio-link-button" onClick={() => {
            const next = { ...value };
            delete next[lang];
            onChange(next);
          }}>{t('form.remove-language', { lang: name(lang) })}</button>
        </div>
      ))}
      {free.length > 0 && (
        <div className="smk-multi-add">
          <select aria-label={t('form.language')} value={free.includes(adding as (typeof free)[number]) ? adding : free[0]} onChange={(e) => setAdding(e.target.value)}>
            {free.map((l) => <option key={l} value={l}>{name(l)}</option>)}
          </select>
          <button type="button" onClick={() => onChange({ ...value, [free.includes(adding as (typeof free)[number]) ? adding : free[0]!]: '' })}>{t('form.add-language')}</button>
        </div>
      )}
    </fieldset>
  );
}

/** A file address: typed, or filled by uploading a file of the kind. */
export function AssetField({ label, kind, value, onChange, upload, error, accept, testId }: {
  label: string; kind: MarkerAssetKind; value: string; onChange: (v: string) => void; upload: Upload; error?: string; accept: string; testId?: string;
}) {
  const { t } = useTranslation('studioMarkers');
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  return (
    <Field label={label} error={error ?? uploadError}>
      {(p) => (
        <div className="studio-asset">
          <input {...p} type="text" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} />
          <label className="studio-upload-button">
            {busy ? t('form.uploading') : t('form.upload')}
            <input type="file" accept={accept} hidden disabled={busy} onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setBusy(true);
              setUploadError(undefined);
              try {
                onChange(await upload(kind, file));
              } catch (error) {
                setUploadError(error instanceof Error ? error.message : String(error));
              } finally {
                setBusy(false);
              }
            }} />
          </label>
        </div>
      )}
    </Field>
  );
}

/** Ordered photos: upload several, move up or down, remove. */
export function PhotoList({ photos, onChange, upload, error }: { photos: string[]; onChange: (v: string[]) => void; upload: Upload; error?: string }) {
  const { t } = useTranslation('studioMarkers');
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const swap = (i: number, j: number) => {
    const next = [...photos];
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className={`studio-photos${error || uploadError ? ' has-error' : ''}`}>
      <legend>{t('form.photos')}</legend>
      <ol>
        {photos.map((url, i) => (
          <li key={`${url}-${i}`}>
            <img src={url} alt="" width={64} height={48} data-testid="studio-marker-photo" />
            <button type="button" disabled={i === 0} onClick={() => swap(i, i - 1)} aria-label={t('form.move-up')}>↑</button>
            <button type="button" disabled={i === photos.length - 1} onClick={() => swap(i, i + 1)} aria-label={t('form.move-down')}>↓</button>
            <button type="button" onClick={() => onChange(photos.filter((_, k) => k !== i))} aria-label={t('form.remove')}>×</button>
          </li>
        ))}
      </ol>
      <label className="studio-upload-button">
        {busy ? t('form.uploading') : t('form.add-photos')}
        <input type="file" accept="image/jpeg,image/png,image/webp" multiple hidden disabled={busy} data-testid="studio-marker-photos-input" onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          setBusy(true);
          setUploadError(undefined);
          const added: string[] = [];
          for (const file of files) {
            try {
              added.push(await upload('photo', file));
            } catch (err) {
              setUploadError(err instanceof Error ? err.message : String(err));
            }
          }
          setBusy(false);
          if (added.length) onChange([...photos, ...added]);
        }} />
      </label>
      {(error ?? uploadError) && <p className="smk-field-error" data-testid="studio-field-error">{error ?? uploadError}</p>}
    </fieldset>
  );
}

/** The entries of a multitag: name, hidden, main photo. */
export function EntriesField({ entries, onChange, upload, errorAt }: { entries: MultitagEntry[]; onChange: (v: MultitagEntry[]) => void; upload: Upload; errorAt: (path: string) => string | undefined }) {
  const { t } = useTranslation('studioMarkers');
  const set = (i: number, patch: Partial<MultitagEntry>) => onChange(entries.map((e, k) => (k === i ? { ...e, ...patch } : e)));
  return (
    <fieldset className="studio-entries">
      <legend>{t('form.entries')}</legend>
      {entries.map((entry, i) => (
        <div key={i} className="studio-entry">
          <TextField label={t('form.entry-name')} value={entry.name} error={errorAt(`multitagInfo.${i}.name`)} onChange={(name) => set(i, { name })} />
          <label className="smk-check"><input type="checkbox" checked={entry.hidden} onChange={(e) => set(i, { hidden: e.target.checked })} />{t('form.entry-hidden')}</label>
          <AssetField label={t('form.entry-photo')} kind="photo" accept="image/jpeg,image/png,image/webp" value={entry.mainPhoto ?? ''} upload={upload}
            error={errorAt(`multitagInfo.${i}.mainPhoto`)} onChange={(v) => set(i, { mainPhoto: v.trim() === '' ? null : v })} />
          <button type="button" className="studio-link-button" onClick={() => onChange(entries.filter((_, k) => k !== i))}>{t('form.remove-entry')}</button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...entries, { name: '', hidden: false, mainPhoto: null }])}>{t('form.add-entry')}</button>
      {errorAt('multitagInfo') && <p className="smk-field-error" data-testid="studio-field-error">{errorAt('multitagInfo')}</p>}
    </fieldset>
  );
}
