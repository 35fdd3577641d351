import { describe, expect, it } from 'vitest';
import { addressWithoutCode, orderingEntry, redirectUriOf } from './orderingEntry.ts';

describe('redirectUriOf (section 7: the current page minus session_state and code)', () => {
  it.each([
    ['https://t.example/b1?account=A&retailer=R&code=xyz&session_state=s1', 'https://t.example/b1?account=A&retailer=R'],
    ['https://t.example/b1?code=xyz&account=A&session_state=s1&retailer=R', 'https://t.example/b1?account=A&retailer=R'],
    ['https://t.example/b1?code=xyz&session_state=s1', 'https://t.example/b1'],
    ['https://t.example/b1?account=A&retailer=R', 'https://t.example/b1?account=A&retailer=R'],
    // Other parameters keep their order, repetition and encoding exactly.
    ['https://t.example/b1?title=Spring%20Fair&x=1&x=2&code=c', 'https://t.example/b1?title=Spring%20Fair&x=1&x=2'],
    ['https://t.example/b1?q=a+b&code=c&locale=fr', 'https://t.example/b1?q=a+b&locale=fr'],
    // An encoded key is still the code.
    ['https://t.example/b1?%63ode=c&session%5Fstate=s&a=1', 'https://t.example/b1?a=1'],
    // The fragment is never part of a redirect address.
    ['https://t.example/b1?account=A&code=c#top', 'https://t.example/b1?account=A'],
    ['http://localhost:4102/b1/partner?code=c&index=2', 'http://localhost:4102/b1/partner?index=2'],
  ])('%s', (page, expected) => expect(redirectUriOf(page)).toBe(expected));

  it('leaves parameters that only contain the words alone', () => {
    expect(redirectUriOf('https://t.example/?zipcode=1&code_of_conduct=2&code=3')).toBe('https://t.example/?zipcode=1&code_of_conduct=2');
  });
});

describe('addressWithoutCode', () => {
  it('keeps the fragment for the address bar', () => {
    expect(addressWithoutCode('https://t.example/b1?account=A&code=c&session_state=s#x')).toBe('https://t.example/b1?account=A#x');
  });
});

describe('orderingEntry', () => {
  it('reads service, account, retailer and code', () => {
    expect(orderingEntry('https://t.example/b1?service=staging&account=A1&retailer=R7&code=abc&session_state=s')).toEqual({
      service: 'staging', accountId: 'A1', retailerId: 'R7', code: 'abc',
    });
  });

  it('defaults to production and to no code', () => {
    expect(orderingEntry('https://t.example/b1?account=A1&retailer=R7')).toEqual({ service: 'production', accountId: 'A1', retailerId: 'R7', code: null });
    expect(orderingEntry('https://t.example/b1?account=A1&retailer=R7&service=moon')?.service).toBe('production');
  });

  it('is null for pages the platform did not open', () => {
    expect(orderingEntry('https://t.example/b1')).toBeNull();
    expect(orderingEntry('https://t.example/b1?account=A1')).toBeNull();
    expect(orderingEntry('https://t.example/b1?account=A1&retailer=%3Cscript%3E')).toBeNull();
    expect(orderingEntry('not a url')).toBeNull();
  });
});
