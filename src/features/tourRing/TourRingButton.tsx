import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { cameraState } from '../../scene/index.ts';
import { useSnapshot } from '../../state/store.ts';
import { handMeetingOver, meetingHandoff, meetingIdOf } from '../meeting/meetingHandoff.ts';
import { CallPanel } from './CallPanel.tsx';
import { XRTourRingEntry } from './XRTourRingEntry.tsx';
import { answeredJoin, type AnsweredJoin } from './model/answeredJoin.ts';
import { useTourRingInfo } from './useTourRingInfo.ts';
import './tourRing.css';

/**
 * An answered call takes the visitor to the guide's meeting (model/answeredJoin.ts decides how): on a flat screen
 * the meeting link loads (the meeting's own pre-join flow); while a VR session presents, this page's meeting layer
 * enters it without a load, which would end the session.
 */
function joinMeeting(path: string, name: string): AnsweredJoin['via'] {
  const join = answeredJoin(path, name, cameraState.xrActive, meetingHandoff.current !== null && meetingHandoff.current === meetingIdOf(path));
  if (join.via === 'page-load') window.location.assign(join.path);
  else handMeetingOver({ path: join.path, name: join.name });
  return join.via;
}

/**
 * The viewer's tour-ring button (tours with `tourRingBtn` on and guides named) and its dialog. A lazy chunk mounted
 * after the first view.
 */
export function TourRingButton({ tour }: { tour: Tour }) {
  const { t } = useTranslation('tourRing');
  const info = useTourRingInfo(tour.objectId);
  const [open, setOpen] = useState(false);
  const { xrActive } = useSnapshot(cameraState);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  // The dialog gives way to the meeting's panel when the meeting is entered (or shown again) in this page.
  const joinFromDialog = useCallback((path: string, name: string) => {
    if (joinMeeting(path, name) === 'in-page') close();
  }, [close]);
  if (!info || info === 'failed' || !info.button || !info.meetingsOn) return null;
  return (
    <>
      <button ref={button} type="button" aria-pressed={open} aria-haspopup="dialog" aria-label={t('button.call')} title={t('button.call')} data-testid="tour-ring-button" onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={{ verticalAlign: 'middle' }}>
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" fill="currentColor" />
        </svg>
      </button>
      {xrActive && <XRTourRingEntry info={info} onJoin={joinMeeting} />}
      {/* Out of the toolbar (it would be placed against the toolbar's box), over the viewer. */}
      {open && createPortal(
        <TourRingDialog title={t('dial.title')} closeLabel={t('dial.close')} onClose={close}><CallPanel info={info} onJoin={joinFromDialog} /></TourRingDialog>,
        button.current?.closest('.atrium-viewer') ?? document.body,
      )}
    </>
  );
}

/** A modal dialog: Escape closes it, focus starts inside it. */
function TourRingDialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, button:not(.atrium-ring__close)')?.focus();
  }, []);
  return (
    <div className="atrium-ring atrium-ring--dialog" role="dialog" aria-modal="true" aria-label={title} ref={ref} data-testid="tour-ring-dialog"
      onKeyDown={(e) => { if (e.key === 'Escape') onClose(); }}>
      <header className="atrium-ring__header">
        <h2>{title}</h2>
        <button type="button" className="atrium-ring__close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>×</button>
      </header>
      {children}
    </div>
  );
}
