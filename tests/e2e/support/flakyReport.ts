import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Names every browser test that failed first and passed on its retry (CI retries each once), so a flaky test stays
 * visible in the log instead of hiding behind the retry. Fix what it lists; the retry only keeps one bad draw of
 * timing on a loaded machine from refusing a whole run.
 */
export default class FlakyReport implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const flaky: string[] = [];
    const walk = (cases: Iterable<TestCase>) => {
      for (const test of cases) {
        const d = test.diagnostic();
        if (d?.flaky) flaky.push(`  ${test.module.moduleId.replace(/^.*\/tests\//, 'tests/')} > ${test.fullName} (retried ${d.retryCount}x)`);
      }
    };
    for (const module of modules) walk(module.children.allTests());
    if (flaky.length === 0) return;
    process.stdout.write(`\nBrowser tests that passed only when retried (flaky, to fix):\n${flaky.join('\n')}\n`);
  }
}
