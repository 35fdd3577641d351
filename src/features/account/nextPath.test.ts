import { describe, expect, it } from 'vitest';
import { accountPageHref, currentPath, safeNextPath } from './nextPath.ts';

describe('safeNextPath: only a path of this site', () => {
  it('keeps a tour path with its query and hash', () => {
    expect(safeNextPath('/abc123?index=2&locale=fr')).toBe('/abc123?index=2&locale=fr');
    expect(safeNextPath('/abc123/partner#x')).toBe('/abc123/partner#x');
  });

  it('refuses other origins, protocol-relative and backslash tricks, and script URLs', () => {
    for (const raw of [
      'https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)',
      'evil.example', '/\tevil', '/\t/evil.example', '/\n/evil.example', ' /abc', 'http:/evil.example', '',
    ]) {
      expect(safeNextPath(raw), raw).toBe('/');
    }
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });

  it('does not return to the account pages themselves', () => {
    expect(safeNextPath('/login?next=/x')).toBe('/');
    expect(safeNextPath('/signup/')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/../../etc')).toBe('/etc');
  });
});

describe('account page links', () => {
  it('carry the return path and the language', () => {
    expect(accountPageHref('login', '/abc?index=2', 'ar')).toBe('/login?next=%2Fabc%3Findex%3D2&locale=ar');
    expect(accountPageHref('signup', 'https://evil.example', null)).toBe('/signup?next=%2F');
  });

  it('reads the current page without its origin', () => {
    expect(currentPath({ pathname: '/abc', search: '?ui=true', hash: '' })).toBe('/abc?ui=true');
  });
});
