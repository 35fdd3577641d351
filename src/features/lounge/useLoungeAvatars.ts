// Wires the lounge connection to the scene's avatars: poses in (LoungeAvatars), the visitor's own view out
// (sendOwnPose), and the "show avatars" setting, kept like the viewer's other settings (consentStorage).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { cameraState, type AvatarSource } from '../../scene/index.ts';
import { consentStorage } from '../panels/consent.ts';
import type { LoungeClient, LoungeSnapshot } from './model/loungeClient.ts';
import { LoungeAvatars, sendOwnPose } from './model/loungeAvatars.ts';

const SHOW_KEY = 'atrium.lounge.avatars';
/** How often the chosen heads follow the viewer's own turning and stale heads are dropped (poses re-choose anyway). */
const RECHOOSE_MS = 500;

export function useAvatarsShown(): [boolean, (shown: boolean) => void] {
  const [shown, setShown] = useState(() => consentStorage.getItem(SHOW_KEY) !== 'hidden');
  // Stable, so the in-world panel's view model does not change identity every render.
  const set = useCallback((next: boolean) => {
    consentStorage.setItem(SHOW_KEY, next ? 'shown' : 'hidden');
    setShown(next);
  }, []);
  return [shown, set];
}

export function useLoungeAvatars(client: LoungeClient | null, snapshot: LoungeSnapshot, panoramaId: string | null, shown: boolean): AvatarSource | null {
  const avatars = useMemo(() => (client ? new LoungeAvatars(() => cameraState) : null), [client]);
  useEffect(() => {
    if (!client || !avatars) return;
    const stopPoses = client.onPoses((batch) => avatars.receive(batch));
    const stopSending = sendOwnPose((pose) => client.pose(pose), () => cameraState);
    const timer = setInterval(() => avatars.tick(), RECHOOSE_MS);
    return () => {
      stopPoses();
      stopSending();
      clearInterval(timer);
    };
  }, [client, avatars]);
  const joined = snapshot.status === 'joined';
  useEffect(() => {
    avatars?.update({ me: snapshot.me?.userId ?? null, panoramaId, online: snapshot.online, limit: snapshot.avatarLimit, hidden: !shown || !joined });
  }, [avatars, snapshot.me, snapshot.online, snapshot.avatarLimit, panoramaId, shown, joined]);
  return avatars;
}
