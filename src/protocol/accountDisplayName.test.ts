import { describe, expect, it } from 'vitest';
import { accountDisplayName } from './accountDisplayName.ts';

describe('the name an account shows other people', () => {
  it('is its display name, not its username', () => {
    expect(accountDisplayName({ name: 'Vic Visitor', username: 'vic@example.test' })).toBe('Vic Visitor');
    expect(accountDisplayName({ name: '  Ана  ', username: 'ana' })).toBe('Ана');
  });

  it('is its username when the account has no display name', () => {
    expect(accountDisplayName({ name: null, username: 'vic@example.test' })).toBe('vic@example.test');
    expect(accountDisplayName({ name: '   ', username: 'vic' })).toBe('vic');
  });
});
