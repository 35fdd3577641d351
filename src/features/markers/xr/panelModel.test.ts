import { describe, it, expect } from 'vitest';
import type { MarkerViewModel } from '../model/markerViewModel.ts';
import { ENGLISH_LABELS, htmlToPlainText, labelsFrom, linkTarget, panelPose } from './panelModel.ts';

const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 6));

describe('panelPose', () => {
  it('puts the panel 1.2 m ahead at eye height, facing back at the viewer', () => {
    const pose = panelPose([0, 1.6, 0], [0, 0, -1]);
    close(pose.position, [0, 1.6, -1.2]);
    expect(pose.yaw).toBeCloseTo(0, 6); // front (+Z) already faces the viewer at the origin
  });
  it('follows only the heading: looking down to the right still gives an upright panel at eye height', () => {
    const pose = panelPose([1, 1.5, 2], [0.5, -0.7, 0]);
    close(pose.position, [2.2, 1.5, 2]);
    // Rotating +Z by yaw about Y must point from the panel back to the eye (-X).
    close([Math.sin(pose.yaw), Math.cos(pose.yaw)], [-1, 0]);
  });
  it('falls back to -Z when looking straight up', () => {
    close(panelPose([0, 1.6, 0], [0, 1, 0]).position, [0, 1.6, -1.2]);
  });
});

describe('htmlToPlainText', () => {
  it('keeps line structure and decodes entities', () => {
    expect(htmlToPlainText('<p>a &lt; b &amp; c</p><p>Zweite<br>Zeile &#233;&#x263A;</p>')).toBe('a < b & c\nZweite\nZeile é☺');
    expect(htmlToPlainText('<ul><li>one</li><li>two</li></ul>')).toBe('• one\n• two');
  });
});

describe('labels and links', () => {
  it('takes translations and keeps English for missing keys', () => {
    const labels = labelsFrom((k) => (k === 'markers.close' ? 'إغلاق' : k));
    expect(labels.close).toBe('إغلاق');
    expect(labels.play).toBe('Play');
  });
  it('prefers the action link, then plain links and documents', () => {
    const vm = { action: { label: '', href: 'https://shop' }, link: null, media: null } as unknown as MarkerViewModel;
    expect(linkTarget(vm, ENGLISH_LABELS)).toEqual({ label: 'Open link', href: 'https://shop' });
    const pdf = { action: null, link: null, media: { kind: 'pdf', url: '/a.pdf' } } as unknown as MarkerViewModel;
    expect(linkTarget(pdf, ENGLISH_LABELS)?.href).toBe('/a.pdf');
    expect(linkTarget({ action: null, link: null, media: { kind: 'audio', url: '/a.mp3' } } as unknown as MarkerViewModel, ENGLISH_LABELS)).toBeNull();
  });
});
