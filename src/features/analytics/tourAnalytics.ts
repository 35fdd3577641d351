// Everything one open tour records (spec sections 4, 5, 7, 9). Loaded lazily after the first view, so statistics
// never delay the panorama; every failure is swallowed: statistics never bother the visitor.
import { isTrackedVisitor } from '../../protocol/analytics.ts';
import type { Tour } from '../../protocol/tour.ts';
import type { LinkSource } from '../../protocol/viewerQuery.ts';
import { getSession, restoreSession, sessionState } from '../account/session.ts';
import { deviceId } from '../social/deviceMemory.ts';
import { subscribe } from '../../state/store.ts';
import { countClick, createVisitorHistory, reportVisitorSession, updateVisitorHistory } from './analyticsApi.ts';
import { createClickDeduper } from './clickDedupe.ts';
import { ViewingTimeTracker } from './viewingTime.ts';
import { VisitorSessionTracker } from './visitorSession.ts';

export interface TourAnalytics {
  countMarkerClick(markerId: string): void;
  stop(): void;
}

const ignore = () => {};
const isVisible = () => document.visibilityState === 'visible';

export function startTourAnalytics(tour: Tour, linkSource: LinkSource | 'direct'): TourAnalytics {
  const device = deviceId();
  // The ref was parsed before the viewer removed it from the address: it is recorded here, with the history.
  const historyId = createVisitorHistory({ buildingId: tour.objectId, linkSource, deviceId: device }).then((a) => a.visitorHistoryId, () => null);
  const viewing = new ViewingTimeTracker((seconds, final) => {
    void historyId.then((id) => (id ? updateVisitorHistory(id, seconds, final) : null)).catch(ignore);
  }, isVisible);
  viewing.start();

  const session = new VisitorSessionTracker((report, final) => {
    void reportVisitorSession(tour.headquarter.objectId, report, final).catch(ignore);
  });
  // Section 5: only signed-in visitors on the tour's whitelist are tracked (the headquarter list is empty). The
  // rule is checked again when the session changes: a visitor may sign in (or out) while the tour is open.
  const applyTrackingRule = () => {
    const tracked = isTrackedVisitor({ buildingId: tour.objectId, username: getSession()?.username ?? null, whiteList: tour.whiteList, headquarterTitle: null });
    if (tracked) session.start(tour.objectId);
    else session.reset();
  };
  const unsubscribe = subscribe(sessionState, applyTrackingRule);
  void restoreSession().then(applyTrackingRule, ignore);

  // pagehide is the last reliable moment on every browser; a hidden tab may never come back (mobile), so it sends too.
  const onHidden = () => {
    if (document.visibilityState === 'hidden') viewing.flush(true);
  };
  const onPageHide = () => {
    viewing.flush(true);
    session.reset();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', onPageHide);

  const shouldCount = createClickDeduper();
  return {
    countMarkerClick(markerId) {
      if (!shouldCount('marker', markerId)) return;
      void historyId
        .then((id) => countClick({ identifier: 'marker', identifierId: markerId, deviceId: device, ...(id ? { visitorHistoryId: id } : {}) }))
        .catch(ignore);
    },
    stop() {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      unsubscribe();
      viewing.stop();
      session.reset();
    },
  };
}
