import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Another machine's folder (a DATA_DIR shared over a volume) is judged by age: its process cannot be asked. */
const OTHER_MACHINE_GRACE_MS = 24 * 3600_000;

function running(pid: number): boolean {
  if (pid === process.pid) return false; // a folder of an earlier process that had this pid (a restarted container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of processes that ended without cleaning up (killed, or a machine that went down). */
export function sweepProcessScratch(root: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const dir = path.join(root, name);
    // <host>-<pid>: a host name may itself hold dashes (and another machine's may start like this one's).
    const owner = /^(.*)-(\d+)$/.exec(name);
    const stale = owner && owner[1] === os.hostname()
      ? !running(Number(owner[2]))
      : now - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? now) > OTHER_MACHINE_GRACE_MS;
    if (stale) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/**
 * Every temporary file of a server process (an upload being checked, a source being tiled, the Janus child's
 * configuration) goes under DATA_DIR/tmp/<host>-<pid> instead of the system's temporary folder: a process killed with
 * SIGKILL cannot clean up after itself, and the next start finds and removes what it left. It is set as TMPDIR, so
 * os.tmpdir(), the libraries and child processes use it without each caller being told; on the data disk, a file
 * renamed from it into media stays on one file system.
 */
export function useProcessScratch(dataDir: string): { dir: string; swept: string[]; remove(): void } {
  const root = path.join(dataDir, 'tmp');
  const swept = sweepProcessScratch(root);
  const dir = path.join(root, `${os.hostname()}-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  process.env.TMPDIR = dir;
  return { dir, swept, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
