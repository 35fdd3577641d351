import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the product promises to pass. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; help: string; impact: string | null; nodes: Array<{ target: unknown[]; failureSummary?: string }> }

/**
 * Runs axe-core on what the page shows now and returns one readable line per failing element ("where: rule id,
 * target, help"). The script is evaluated through the debugging protocol rather than added as a <script> tag, which
 * the product's Content-Security-Policy would refuse (and the suite fails on refusals). `exclude` names parts axe
 * cannot judge, each with its reason at the call.
 */
export async function axeViolations(page: Page, where: string, exclude: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // axe judges the colours painted now: a panel partway through its fade-in (the marker panel's 160 ms, which a loaded
  // machine stretches over several frames) fails a contrast it passes once shown. Finite animations are let finish
  // first; endless ones (a pulsing hotspot) are not waited for, and none is waited for more than 5 s.
  await page.evaluate(() => Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 5000)),
  ]));
  const violations = await page.evaluate(async ({ tags, exclude }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
    const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  }, { tags: WCAG_TAGS, exclude });
  return violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact ?? 'n/a'}) at ${JSON.stringify(n.target)}: ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`));
}
