import { Dialog } from './Dialog.tsx';
import type { InfoViewModel } from './infoModel.ts';

interface Props {
  title: string;
  /** infoViewModel(...): the same text the in-world panel shows. */
  vm: InfoViewModel;
  onClose: () => void;
}

/** Information: the tour's name, description and credits (the building's facts and the owner have their own panels). */
export function InfoPanel({ title, vm, onClose }: Props) {
  const { name, description, credits } = vm;
  return (
    <Dialog title={title} onClose={onClose} testId="panel-info">
      <h3 className="atrium-panel__name">{name}</h3>
      {description && <p className="atrium-panel__text">{description}</p>}
      {credits && (
        <section>
          <h4>{vm.creditsLabel}</h4>
          <p className="atrium-panel__text" data-testid="info-credits">{credits}</p>
        </section>
      )}
    </Dialog>
  );
}
