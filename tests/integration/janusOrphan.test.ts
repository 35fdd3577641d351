import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { whichBinary } from '../../src/server/janus/janusConfig.ts';

const root = path.resolve(import.meta.dirname, '../..');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A server killed with SIGKILL cannot stop its Janus; the kernel must (see startJanusChild).
describe.skipIf(!whichBinary('janus') && !process.env.CI)('the Janus a server starts', () => {
  it('dies with the server process, even when the server is killed outright', async () => {
    const script = `
      import { startJanusChild } from ${JSON.stringify(path.join(root, 'src/server/janus/janusProcess.ts'))};
      const janus = await startJanusChild();
      console.log('JANUS ' + janus.pid);
      setInterval(() => undefined, 1000);
    `;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const janusPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /JANUS (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      server.once('exit', () => reject(new Error(`the server exited before Janus started: ${out}`)));
    });
    expect(alive(janusPid)).toBe(true);
    server.kill('SIGKILL');
    await expect.poll(() => alive(janusPid), { timeout: 10_000, interval: 100 }).toBe(false);
  }, 40_000);
});
