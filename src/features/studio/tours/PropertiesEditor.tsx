import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioProperty, StudioTourSummary } from '../../../protocol/studio.ts';
import { createProperty, deleteProperty, updateProperty } from '../api/studioApi.ts';
import { moveItem } from '../model/studioModel.ts';
import { useFailureMessage } from '../useFailureMessage.ts';

interface Props {
  tours: StudioTourSummary[];
  properties: StudioProperty[];
  onChanged: () => void;
}

/** Properties: named groups of tours in an order (visitors walk a property's tours in that order). */
export function PropertiesEditor({ tours, properties, onChanged }: Props) {
  const { t } = useTranslation('studio');
  const failure = useFailureMessage();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameOf = (id: string) => tours.find((x) => x.objectId === id)?.name ?? id;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      onChanged();
    } catch (e) {
      setError(failure(e));
    }
  };

  return (
    <section className="studio-card studio-stack" aria-labelledby="studio-properties-title">
      <h2 id="studio-properties-title">{t('properties.title')}</h2>
      <p className="studio-muted">{t('properties.hint')}</p>
      {error ? <p className="studio-error" role="alert">{error}</p> : null}
      {properties.map((p) => {
        const free = tours.filter((x) => !p.buildingIds.includes(x.objectId));
        return (
          <div key={p.objectId} className="studio-property studio-stack" data-testid="studio-property">
            <div className="studio-row studio-between">
              <input aria-label={t('properties.name')} defaultValue={p.name} onBlur={(e) => e.target.value.trim() && e.target.value !== p.name && void run(() => updateProperty(p.objectId, { name: e.target.value.trim() }))} />
              <button type="button" className="studio-button" onClick={() => void run(() => deleteProperty(p.objectId))}>{t('properties.delete')}</button>
            </div>
            <ol className="studio-list">
              {p.buildingIds.map((id, i) => (
                <li key={id} className="studio-row studio-between">
                  <span>{nameOf(id)}</span>
                  <span className="studio-row">
                    <button type="button" className="studio-icon-button" aria-label={t('common.move-up-named', { name: nameOf(id) })} disabled={i === 0} onClick={() => void run(() => updateProperty(p.objectId, { buildingIds: moveItem(p.buildingIds, i, i - 1) }))}>↑</button>
                    <button type="button" className="studio-icon-button" aria-label={t('common.move-down-named', { name: nameOf(id) })} disabled={i === p.buildingIds.length - 1} onClick={() => void run(() => updateProperty(p.objectId, { buildingIds: moveItem(p.buildingIds, i, i + 1) }))}>↓</button>
                    <button type="button" className="studio-icon-button" aria-label={t('properties.take-out', { name: nameOf(id) })} onClick={() => void run(() => updateProperty(p.objectId, { buildingIds: p.buildingIds.filter((b) => b !== id) }))}>×</button>
                  </span>
                </li>
              ))}
            </ol>
            {free.length > 0 ? (
              <label className="studio-field">
                <span>{t('properties.add-tour')}</span>
                <select value="" onChange={(e) => e.target.value && void run(() => updateProperty(p.objectId, { buildingIds: [...p.buildingIds, e.target.value] }))}>
                  <option value="">{t('properties.choose-tour')}</option>
                  {free.map((x) => <option key={x.objectId} value={x.objectId}>{x.name}</option>)}
                </select>
              </label>
            ) : null}
          </div>
        );
      })}
      <form className="studio-row" onSubmit={(e) => { e.preventDefault(); if (name.trim()) void run(() => createProperty(name.trim())).then(() => setName('')); }}>
        <input aria-label={t('properties.new-name')} placeholder={t('properties.new-name')} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="studio-button" disabled={!name.trim()}>{t('properties.create')}</button>
      </form>
    </section>
  );
}
