import { describe, expect, it, vi } from 'vitest';
import { PALETTES } from './palettes.ts';
import { themePickerViewModel } from './themePickerModel.ts';

const texts = { hint: 'Pick', tourOwn: 'Tour colours', name: (n: string) => `Theme ${n}` };

describe('the theme picker view model', () => {
  it("offers the tour's own colours first, then every theme, with the visitor's choice marked", () => {
    const vm = themePickerViewModel('blue', 'green', texts, () => {});
    expect(vm.options.map((o) => o.name)).toEqual([null, 'default', 'red', 'black', 'blue', 'green', 'orange', 'yellow']);
    expect(vm.options[0]).toEqual({ name: null, label: 'Tour colours', colour: PALETTES.blue.main, selected: false });
    expect(vm.options.filter((o) => o.selected).map((o) => o.name)).toEqual(['green']);
    expect(vm.options.find((o) => o.name === 'yellow')?.label).toBe('Theme yellow');
  });

  it("marks the tour's own colours while the visitor has not chosen, and hands a choice to the store", () => {
    const choose = vi.fn();
    const vm = themePickerViewModel('not-a-theme', null, texts, choose);
    expect(vm.options[0]).toMatchObject({ selected: true, colour: PALETTES.default.main });
    vm.choose('red');
    expect(choose).toHaveBeenCalledWith('red');
  });
});
