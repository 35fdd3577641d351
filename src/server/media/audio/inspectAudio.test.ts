import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { syntheticWebm } from '../../../../tests/support/webm.ts';
import { inspectAudio } from './inspectAudio.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../../../tests/fixtures/audio/${name}`, import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-audio-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};

describe('inspectAudio', () => {
  it("reads Chromium's MediaRecorder WebM (unknown sizes, no Duration element)", async () => {
    const facts = await inspectAudio(fixture('voice-3s.webm'));
    expect(facts).toMatchObject({ container: 'webm', codec: 'opus', contentType: 'audio/webm' });
    expect(facts!.durationMs).toBeGreaterThan(2500);
    expect(facts!.durationMs).toBeLessThan(3500);
  });

  it("reads Chromium's fragmented MP4 by summing its fragments", async () => {
    const facts = await inspectAudio(fixture('voice-3s.mp4'));
    expect(facts).toMatchObject({ container: 'mp4', codec: 'opus', contentType: 'audio/mp4' });
    expect(facts!.durationMs).toBeGreaterThan(2500);
    expect(facts!.durationMs).toBeLessThan(3500);
  });

  it('reads Ogg Opus through music-metadata', async () => {
    expect(await inspectAudio(fixture('tone-2s.ogg'))).toEqual({ container: 'ogg', codec: 'opus', durationMs: 2000, contentType: 'audio/ogg' });
  });

  it('finds the length of a long live WebM from its last block', async () => {
    const facts = await inspectAudio(write('long.webm', syntheticWebm(700_000)));
    expect(facts?.durationMs).toBe(700_000);
  });

  it.each([
    ['text', Buffer.from('{"not": "audio"}')],
    ['a WAV (not what browsers record)', Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt '), Buffer.alloc(64)])],
    ['a WebM with a video codec only', syntheticWebm(1000, 'V_VP8')],
    ['a WebM header and nothing else', syntheticWebm(1000).subarray(0, 40)],
    ['random bytes behind a WebM signature', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 0)])],
    ['an MP4 cut after its header', fs.readFileSync(fixture('voice-3s.mp4')).subarray(0, 30)],
    ['an Ogg signature and garbage', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(300, 7)])],
  ])('refuses %s', async (_name, bytes) => {
    expect(await inspectAudio(write(`bad-${Math.random()}`, bytes))).toBeNull();
  });
});
