import { useId } from 'react';
import { Dialog } from '../panels/Dialog.tsx';
import type { ThemePickerViewModel } from './themePickerModel.ts';

interface Props {
  title: string;
  /** themePickerViewModel(...): the same choices the in-world panel offers. */
  vm: ThemePickerViewModel;
  onClose: () => void;
}

/** The visitor's theme picker: one radio group (arrow keys move and choose), applied at once and kept on the device. */
export function ThemePanel({ title, vm, onClose }: Props) {
  const group = useId();
  return (
    <Dialog title={title} onClose={onClose} testId="panel-theme">
      <p className="atrium-panel__text" id={`${group}-hint`}>{vm.hint}</p>
      <div role="radiogroup" aria-labelledby={`${group}-hint`} className="atrium-theme-list" data-testid="theme-options">
        {vm.options.map((option) => (
          <label key={option.name ?? 'tour'} className="atrium-theme-option" data-testid={`theme-option-${option.name ?? 'tour'}`}>
            <input type="radio" name={group} checked={option.selected} onChange={() => vm.choose(option.name)} />
            <span className="atrium-theme-swatch" style={{ background: option.colour }} aria-hidden="true" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </Dialog>
  );
}
