import { describe, expect, it } from 'vitest';
import { joinName } from './joinName.ts';

const vic = { name: 'Vic Visitor', username: 'vic@example.test' };

describe('the name a visitor joins a meeting with by default', () => {
  it("starts a signed-in visitor's pre-join card with their display name, not their username", () => {
    expect(joinName({ remembered: null, account: vic }, '')).toBe('Vic Visitor');
  });

  it('falls back to the username for an account without a display name', () => {
    expect(joinName({ remembered: null, account: { name: null, username: 'vic@example.test' } }, '')).toBe('vic@example.test');
    expect(joinName({ remembered: null, account: { name: '  ', username: 'vic' } }, '')).toBe('vic');
  });

  it('leaves the card empty for a visitor without an account or a name used before', () => {
    expect(joinName({ remembered: null, account: null }, '')).toBe('');
  });

  it('keeps the name the visitor used in a meeting before, and the host\'s link the name the meeting shows for its host', () => {
    expect(joinName({ remembered: 'Vic at home', account: vic }, '')).toBe('Vic at home');
    expect(joinName({ remembered: null, hostName: 'Hana Host', account: { name: 'Hana Host', username: 'meeting-host' } }, '')).toBe('Hana Host');
  });

  it('enters the in-world join with the same default: the call\'s name first, else the display name, else the guest name', () => {
    expect(joinName({ called: 'Vee', remembered: null, account: vic }, 'Guest')).toBe('Vee');
    expect(joinName({ called: null, remembered: null, account: vic }, 'Guest')).toBe('Vic Visitor');
    expect(joinName({ called: '', remembered: null, account: { name: null, username: 'vic' } }, 'Guest')).toBe('vic');
    expect(joinName({ called: null, remembered: null, account: null }, 'Gast')).toBe('Gast');
  });
});
