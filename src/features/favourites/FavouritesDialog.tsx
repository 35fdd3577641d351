import type { ReactNode } from 'react';
import { Dialog } from '../panels/Dialog.tsx';
import { accountPageHref, currentPath } from '../account/nextPath.ts';
import { followInApp } from '../account/appNavigation.ts';
import { removeFavourite, undoRemove } from './model/favouritesController.ts';
import type { FavouriteRow, FavouritesViewModel } from './model/favouritesViewModel.ts';
import { NoteEditor } from './NoteEditor.tsx';

interface Props {
  vm: FavouritesViewModel;
  removedText: (name: string) => string;
  savedText: string;
  onGo: (go: NonNullable<FavouriteRow['go']>) => void;
  onClose: () => void;
  /** The export button (the PDF's chunk loads only when it is pressed). */
  exportSlot?: ReactNode;
}

/** The favourites dialog (flat screens): grouped by category, notes edited in place, remove with undo, go there. */
export function FavouritesDialog({ vm, removedText, savedText, onGo, onClose, exportSlot }: Props) {
  const { labels } = vm;
  return (
    <Dialog title={labels.title} onClose={onClose} testId="favourites" className="atrium-panel--wide atrium-favourites">
      {vm.anonymous && <SignInHint text={labels.signInHint} action={labels.signIn} />}
      {vm.failed && <p className="atrium-favourites__problem" role="alert">{labels.failed}</p>}
      {vm.undoName !== null && (
        <p className="atrium-favourites__undo" role="status" data-testid="favourites-undo-bar">
          <span>{removedText(vm.undoName)}</span>
          <button type="button" onClick={() => void undoRemove()} data-testid="favourites-undo">{labels.undo}</button>
        </p>
      )}
      {vm.count === 0 && <p className="atrium-favourites__empty" data-testid="favourites-empty">{labels.empty}</p>}
      {vm.groups.map((g) => (
        <section key={g.category} data-testid={`favourites-group-${g.category}`}>
          <h3>{g.label}</h3>
          <ul className="atrium-favourites__list">
            {g.rows.map((row) => (
              <li key={row.key} className="atrium-favourite" data-testid="favourite" data-key={row.key}>
                <div className="atrium-favourite__head">
                  {row.image ? <img src={row.image} alt="" width={56} height={56} loading="lazy" /> : <span className="atrium-favourite__noimage" aria-hidden="true" />}
                  <div className="atrium-favourite__text">
                    <strong data-testid="favourite-title">{row.title}</strong>
                    {row.detail && <span>{row.detail}</span>}
                  </div>
                </div>
                {!row.gone && <NoteEditor item={row.item} note={row.note} labels={labels} savedText={savedText} />}
                <div className="atrium-favourite__actions">
                  {row.go && <button type="button" onClick={() => onGo(row.go!)} data-testid="favourite-go">{labels.goThere}</button>}
                  <button type="button" onClick={() => void removeFavourite(row.item)} data-testid="favourite-remove">{labels.remove}</button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {vm.count > 0 && exportSlot}
    </Dialog>
  );
}

function SignInHint({ text, action }: { text: string; action: string }) {
  const href = () => accountPageHref('login', currentPath(), new URLSearchParams(window.location.search).get('locale'));
  return (
    <p className="atrium-favourites__hint" data-testid="favourites-sign-in-hint">
      <span>{text}</span>{' '}
      <a
        href={href()} data-testid="favourites-sign-in"
        onClick={(event) => followInApp(event, href())}
      >
        {action}
      </a>
    </p>
  );
}
