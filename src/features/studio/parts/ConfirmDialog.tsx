import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question (native <dialog>: focus is trapped, Escape cancels). The confirm button says what it does. */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('studio');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="studio-dialog" aria-labelledby="studio-dialog-title" onCancel={(e) => { e.preventDefault(); onCancel(); }} data-testid="studio-confirm">
      <h2 id="studio-dialog-title">{title}</h2>
      <p>{text}</p>
      <div className="studio-row studio-end">
        <button type="button" className="studio-button" onClick={onCancel} autoFocus>{t('common.cancel')}</button>
        <button type="button" className="studio-button studio-danger" onClick={onConfirm} data-testid="studio-confirm-yes">{confirmLabel}</button>
      </div>
    </dialog>
  );
}
