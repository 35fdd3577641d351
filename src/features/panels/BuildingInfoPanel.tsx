import { Dialog } from './Dialog.tsx';
import type { BuildingInfoViewModel } from './buildingInfoModel.ts';

interface Props {
  title: string;
  /** buildingInfoViewModel(...): the same facts the in-world panel shows. */
  vm: BuildingInfoViewModel;
  onClose: () => void;
}

/** Building info: the building's facts as a list of labelled values. */
export function BuildingInfoPanel({ title, vm, onClose }: Props) {
  return (
    <Dialog title={title} onClose={onClose} testId="panel-building">
      <h3 className="atrium-panel__name">{vm.name}</h3>
      <dl className="atrium-facts">
        {vm.rows.map((row) => (
          <div key={row.key} data-testid={`building-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
