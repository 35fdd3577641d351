import { lazy, Suspense } from 'react';

// The panel (forms, profile calls) is its own chunk, fetched the first time it opens.
const ProfilePanel = lazy(() => import('./ProfilePanel.tsx').then((m) => ({ default: m.ProfilePanel })));

/** Where the viewer's panels put the profile panel; it loads on its own so the menu never waits for it. */
export function ProfilePanelSlot({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ProfilePanel onClose={onClose} />
    </Suspense>
  );
}
