import { cameraState } from '../../scene/index.ts';
import { useSnapshot } from '../../state/store.ts';
import { Dialog } from './Dialog.tsx';
import { coneHeading, type FloorPlanViewModel } from './floorPlanModel.ts';

interface Props {
  /** floorPlanViewModel(...): the same plan and dots the in-world panel shows. */
  vm: FloorPlanViewModel;
  onClose: () => void;
}

/** The floor plan with a dot per placed panorama; the current one shows where the camera looks. */
export function FloorPlanPanel({ vm, onClose }: Props) {
  const camera = useSnapshot(cameraState);
  const heading = coneHeading(camera.yaw, vm.compass);
  return (
    <Dialog title={vm.title} onClose={onClose} testId="panel-floorplan" className="atrium-panel--wide">
      <div className="atrium-floorplan" style={vm.aspect ? { aspectRatio: String(vm.aspect) } : undefined}>
        <img src={vm.image} alt={vm.title} className="atrium-floorplan__image" />
        {vm.dots.map((dot) => (
          <button
            key={dot.index}
            type="button"
            className={`atrium-floorplan__dot${dot.current ? ' is-current' : ''}`}
            style={{ left: `${dot.x * 100}%`, top: `${dot.y * 100}%` }}
            aria-current={dot.current ? 'true' : undefined}
            aria-label={dot.label}
            data-testid={`floorplan-dot-${dot.index}`}
            onClick={() => vm.select(dot.index)}
          >
            {dot.current && <span className="atrium-floorplan__cone" data-testid="floorplan-cone" style={{ transform: `rotate(${heading}deg)` }} aria-hidden="true" />}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
