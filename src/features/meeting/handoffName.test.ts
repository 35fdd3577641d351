import { describe, expect, it } from 'vitest';
import { PARTICIPANT_NAME_MAX } from '../../protocol/meeting.ts';
import { handoffName } from './handoffName.ts';

describe('handoffName: the name a handed-over meeting is entered with', () => {
  it('takes the first usable name in the order given', () => {
    expect(handoffName(['Vic', 'Kept', 'vic@example.test'], 'Guest')).toBe('Vic');
    expect(handoffName([null, ' Kept ', 'vic@example.test'], 'Guest')).toBe('Kept');
    expect(handoffName([undefined, null, 'vic@example.test'], 'Guest')).toBe('vic@example.test');
  });

  it('falls back to the catalog\'s guest name when none is usable (blank, hidden characters)', () => {
    expect(handoffName(['  ', 'Ev\u202Eil', undefined], 'Gast')).toBe('Gast');
    expect(handoffName([], 'ضيف')).toBe('ضيف');
  });

  it('cuts a name longer than a participant\'s may be (the call dialog allows more) by characters, not code units', () => {
    const long = '😀'.repeat(PARTICIPANT_NAME_MAX + 5);
    const name = handoffName([long], 'Guest');
    expect([...name]).toHaveLength(PARTICIPANT_NAME_MAX);
    expect(name).toBe('😀'.repeat(PARTICIPANT_NAME_MAX));
  });
});
