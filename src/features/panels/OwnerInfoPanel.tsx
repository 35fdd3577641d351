import { Dialog } from './Dialog.tsx';
import type { OwnerInfoViewModel } from './ownerInfoModel.ts';

interface Props {
  title: string;
  /** ownerInfoViewModel(...): the same contact the in-world panel shows. */
  vm: OwnerInfoViewModel;
  onClose: () => void;
}

/** Owner info: the owner's name, company and email, as the owner's profile and the tour's companies give them. */
export function OwnerInfoPanel({ title, vm, onClose }: Props) {
  return (
    <Dialog title={title} onClose={onClose} testId="panel-owner">
      {vm.state !== 'ready' ? (
        <p className="atrium-panel__muted" role="status" data-testid="owner-status">{vm.message}</p>
      ) : (
        <dl className="atrium-facts" data-testid="owner-contact">
          {vm.rows.map((row) => (
            <div key={row.key} data-testid={`owner-${row.key}`}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
          {vm.email && (
            <div>
              <dt>{vm.email.label}</dt>
              <dd><a href={`mailto:${vm.email.value}`} data-testid="owner-email">{vm.email.value}</a></dd>
            </div>
          )}
        </dl>
      )}
    </Dialog>
  );
}
