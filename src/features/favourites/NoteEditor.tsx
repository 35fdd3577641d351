import { useId, useState } from 'react';
import type { FavoriteKey } from '../../protocol/favorites.ts';
import { saveNote } from './model/favouritesController.ts';
import type { FavouritesLabels } from './model/favouritesViewModel.ts';

interface Props {
  item: FavoriteKey;
  note: string;
  labels: FavouritesLabels;
  savedText: string;
}

/** A favourite's note, edited in place; section 5's limit message appears before anything is sent. */
export function NoteEditor({ item, note, labels, savedText }: Props) {
  const [draft, setDraft] = useState(note);
  const [status, setStatus] = useState<'idle' | 'saved' | 'too-long' | 'failed'>('idle');
  const id = useId();
  const changed = draft.trim() !== note;
  const message = status === 'too-long' ? labels.noteLimit : status === 'failed' ? labels.failed : status === 'saved' ? savedText : '';
  return (
    <form
      className="atrium-favourite__note"
      onSubmit={(e) => {
        e.preventDefault();
        void saveNote(item, draft).then(setStatus);
      }}
    >
      <label htmlFor={id} className="atrium-visually-hidden">{labels.note}</label>
      <textarea
        id={id} rows={2} value={draft} placeholder={labels.notePlaceholder} data-testid="favourite-note"
        aria-invalid={status === 'too-long' || undefined} aria-describedby={message ? `${id}-status` : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setStatus('idle');
        }}
      />
      <div className="atrium-favourite__note-row">
        <span id={`${id}-status`} role="status" className={status === 'saved' ? 'is-ok' : 'is-problem'} data-testid="favourite-note-status">{message}</span>
        <button type="submit" disabled={!changed} data-testid="favourite-note-save">{labels.saveNote}</button>
      </div>
    </form>
  );
}
