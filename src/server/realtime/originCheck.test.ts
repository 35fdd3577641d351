import { describe, expect, it } from 'vitest';
import { originAllowed } from './originCheck.ts';

describe('originAllowed', () => {
  const req = (headers: Record<string, string>) => ({ headers });
  it('lets this origin in, as reached or as configured', () => {
    expect(originAllowed(req({ origin: 'http://localhost:8080', host: 'localhost:8080' }))).toBe(true);
    expect(originAllowed(req({ origin: 'https://tours.example.org', host: '10.0.0.5:8080' }), 'https://tours.example.org')).toBe(true);
  });
  it("refuses another site's page and a malformed origin", () => {
    expect(originAllowed(req({ origin: 'https://evil.example', host: 'localhost:8080' }), 'http://localhost:8080')).toBe(false);
    expect(originAllowed(req({ origin: 'null', host: 'localhost:8080' }))).toBe(false);
  });
  it('lets a client without an Origin (not a browser page) in', () => {
    expect(originAllowed(req({ host: 'localhost:8080' }))).toBe(true);
  });
});
