import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogFocus } from './useDialogFocus.ts';

interface Props {
  title: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
  className?: string;
}

/**
 * A non-modal panel (the tour stays usable behind it): labelled by its title, focus moves in when it opens and back
 * to whatever opened it when it closes, Escape closes it. One panel at a time: opening it closes the open one.
 */
export function Dialog({ title, onClose, testId, children, className }: Props) {
  const { t } = useTranslation('panels');
  const titleId = useId();
  const box = useDialogFocus<HTMLDivElement>(onClose, testId);
  return (
    <div
      ref={box}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={`atrium-panel${className ? ` ${className}` : ''}`}
      data-testid={testId}
      onKeyDown={(e) => {
        // Keys typed in a panel (arrows in the link field, Enter on a dot) are not meant for the camera.
        e.stopPropagation();
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="atrium-panel__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="atrium-panel__close" aria-label={t('panel.close')} data-testid={`${testId}-close`} onClick={onClose}>✕</button>
      </header>
      <div className="atrium-panel__body">{children}</div>
    </div>
  );
}
