import { describe, expect, it } from 'vitest';
import { closeXRPanel, openXRPanel, registerXRPanel, xrPanelsSnapshot as current } from './registry.ts';

const View = () => null;
const entry = (id: string, order: number) => ({ id, order, icon: 'M0 0h24v24H0z', title: id, vm: { id }, View });

describe('in-world panel registry', () => {
  it('lists panels in order, keeps one open across a re-registration, forgets one unregistered', async () => {
    const offB = registerXRPanel(entry('b', 20));
    const offA = registerXRPanel(entry('a', 10));
    expect(current().panels.map((p) => p.id)).toEqual(['a', 'b']);
    openXRPanel('b');
    expect(current().openId).toBe('b');
    // A feature re-registering with a new view model (cleanup, then register, in one commit) keeps it open.
    offB();
    const offB2 = registerXRPanel(entry('b', 20));
    await Promise.resolve();
    expect(current().openId).toBe('b');
    // Gone for good: closed.
    offB2();
    await Promise.resolve();
    expect(current().openId).toBeNull();
    openXRPanel('unknown');
    expect(current().openId).toBeNull();
    openXRPanel('a');
    closeXRPanel();
    expect(current().openId).toBeNull();
    offA();
    expect(current().panels).toEqual([]);
  });

  it('renders the registered view with its view model', () => {
    const off = registerXRPanel(entry('c', 5));
    const element = current().panels[0]!.render({ lang: 'en', width: 800, close: () => undefined }) as { props: { vm: unknown; width: number } };
    expect(element.props.vm).toEqual({ id: 'c' });
    expect(element.props.width).toBe(800);
    off();
  });
});
