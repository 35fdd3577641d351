import { describe, expect, it } from 'vitest';
import { handMeetingOver, meetingIdOf, takeMeetingHandoff } from './meetingHandoff.ts';

describe('meetingHandoff: a meeting handed to this page', () => {
  it('is taken once', () => {
    handMeetingOver({ path: '/t1?meeting=m1', name: 'Vic' });
    expect(takeMeetingHandoff()).toEqual({ path: '/t1?meeting=m1', name: 'Vic' });
    expect(takeMeetingHandoff()).toBeNull();
  });

  it('reads the meeting a viewer path links to', () => {
    expect(meetingIdOf('/t1?meeting=m1')).toBe('m1');
    expect(meetingIdOf('/t1?autorotate=false&meeting=m2&host=1')).toBe('m2');
    expect(meetingIdOf('/t1')).toBeNull();
    expect(meetingIdOf('/t1?meeting=')).toBeNull();
  });
});
