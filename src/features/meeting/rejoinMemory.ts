// A participant's rejoin key, kept for the tab (sessionStorage) so a reload within the reconnect window takes them
// back to their seat. It is needed for the meeting to work (not a preference or a tracker), and dies with the tab.
const key = (meetingId: string) => `atrium.meeting.${meetingId}`;

export interface KeptRejoin {
  participantId: string;
  key: string;
}

export function rememberRejoin(meetingId: string, value: KeptRejoin): void {
  try {
    sessionStorage.setItem(key(meetingId), JSON.stringify(value));
  } catch {
    /* storage refused (private mode): a reload then joins as new */
  }
}

export function recallRejoin(meetingId: string): KeptRejoin | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key(meetingId)) ?? 'null') as KeptRejoin | null;
    return value && typeof value.participantId === 'string' && typeof value.key === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function forgetRejoin(meetingId: string): void {
  try {
    sessionStorage.removeItem(key(meetingId));
  } catch {
    /* nothing kept */
  }
}
