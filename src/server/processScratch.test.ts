import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepProcessScratch, useProcessScratch } from './processScratch.ts';

describe('process scratch folders', () => {
  const roots: string[] = [];
  const savedTmp = process.env.TMPDIR;
  afterEach(() => {
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
  });
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-scratch-test-'));
    roots.push(d);
    return d;
  };

  it('puts os.tmpdir() under DATA_DIR/tmp/<host>-<pid> and removes it on stop', () => {
    const data = dataDir();
    const scratch = useProcessScratch(data);
    expect(scratch.dir).toBe(path.join(data, 'tmp', `${os.hostname()}-${process.pid}`));
    expect(os.tmpdir()).toBe(scratch.dir);
    fs.writeFileSync(path.join(os.tmpdir(), 'upload.jpg'), 'x');
    scratch.remove();
    expect(fs.existsSync(scratch.dir)).toBe(false);
  });

  it('at start removes what ended processes left on this machine, and other machines\' folders only after a day', () => {
    const root = path.join(dataDir(), 'tmp');
    const host = os.hostname();
    // Process 1 (init) is always running; a pid past the kernel's maximum never is.
    const names = { live: `${host}-1`, dead: `${host}-4194305`, ownEarlier: `${host}-${process.pid}`, otherFresh: 'other-box-77', otherOld: 'other-box-78', longerName: `${host}-2-4194305` };
    for (const name of Object.values(names)) fs.mkdirSync(path.join(root, name, 'upload'), { recursive: true });
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    fs.utimesSync(path.join(root, names.otherOld), dayAgo, dayAgo);
    expect(sweepProcessScratch(root).sort()).toEqual([names.dead, names.ownEarlier, names.otherOld].sort());
    // A machine whose name starts like this one's ('<host>-2') is judged by age, not by this machine's processes.
    expect(fs.readdirSync(root).sort()).toEqual([names.live, names.otherFresh, names.longerName].sort());
  });
});
