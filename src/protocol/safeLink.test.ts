import { describe, expect, it } from 'vitest';
import { linkProblem, mediaLinkProblem } from './safeLink.ts';

describe('linkProblem', () => {
  it('lets web addresses and this server\'s paths through', () => {
    for (const ok of ['https://shop.example.com/a?b=1#c', 'http://x.test', '/media/pano/a.jpg', '//cdn.example.com/a.jpg', '  https://x.test/a  ']) {
      expect(linkProblem(ok), ok).toBeNull();
    }
  });
  it('refuses script and data schemes however they are disguised', () => {
    expect(linkProblem('javascript:alert(1)')).toBe('scheme');
    expect(linkProblem('JaVaScRiPt:alert(1)')).toBe('scheme');
    expect(linkProblem('data:text/html,<script>')).toBe('scheme');
    expect(linkProblem('java\tscript:alert(1)')).toBe('control-characters');
    expect(linkProblem('\u0001javascript:alert(1)')).toBe('control-characters');
    expect(linkProblem('java\nscript:alert(1)')).toBe('control-characters');
    expect(linkProblem('https://x.test/\u007f')).toBe('control-characters');
    expect(linkProblem('vbscript:x')).toBe('scheme');
  });
  it('refuses ".." segments, plain or encoded', () => {
    expect(linkProblem('/media/../data/atrium.sqlite')).toBe('traversal');
    expect(linkProblem('/media/%2e%2e/secret')).toBe('traversal');
    expect(linkProblem('/media/.%2E/secret')).toBe('traversal');
    expect(linkProblem('/media\\..\\secret')).toBe('traversal');
    expect(linkProblem('https://x.test/a/../b')).toBe('traversal');
    expect(linkProblem('/media/a..b.jpg')).toBeNull();
  });
  it('takes relative paths and mailto only when asked', () => {
    expect(linkProblem('photos/a.jpg')).toBe('scheme');
    expect(linkProblem('photos/a.jpg', { relative: true })).toBeNull();
    expect(linkProblem('mailto:sales@example.com')).toBe('scheme');
    expect(linkProblem('mailto:sales@example.com', { mailto: true })).toBeNull();
  });
});

describe('mediaLinkProblem', () => {
  it('takes uploaded files and web addresses, nothing else of this server', () => {
    expect(mediaLinkProblem('/media/markers/a.jpg')).toBeNull();
    expect(mediaLinkProblem('https://cdn.example.com/a.jpg')).toBeNull();
    expect(mediaLinkProblem('/media/markers/a b.jpg')).toBe('not-media');
    expect(mediaLinkProblem('/v2/users')).toBe('not-media');
    expect(mediaLinkProblem('/media/../data/atrium.sqlite')).toBe('traversal');
    expect(mediaLinkProblem('java\tscript:x')).toBe('control-characters');
  });
});
