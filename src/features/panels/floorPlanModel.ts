// The floor plan's view model: what the flat-screen dialog and the in-world panel both draw. UI-free.
import type { Tour } from '../../protocol/tour.ts';

export interface FloorPlanDot {
  /** 0-based panorama index: what choosing the dot goes to. */
  index: number;
  /** 0..1 from the plan's top-left corner. */
  x: number;
  y: number;
  current: boolean;
  /** The dot's accessible name: "Go to X" or "X (you are here)". */
  label: string;
}

export interface FloorPlanViewModel {
  image: string;
  /** width / height of the plan when the owner gave its size; null: read it from the image. */
  aspect: number | null;
  /** Added to the view's yaw to turn it onto the plan (the building's compass). */
  compass: number;
  dots: FloorPlanDot[];
  title: string;
  hint: string;
  select: (index: number) => void;
}

export interface FloorPlanTexts {
  title: string;
  hint: string;
  go: (name: string) => string;
  current: (name: string) => string;
}

export function floorPlanViewModel(
  tour: Pick<Tour, 'floorplan' | 'floorplanSize' | 'compass' | 'panoramas'>,
  index: number,
  texts: FloorPlanTexts,
  select: (index: number) => void,
): FloorPlanViewModel {
  const size = tour.floorplanSize;
  const dots: FloorPlanDot[] = [];
  tour.panoramas.forEach((p, i) => {
    if (!p.position) return;
    const current = i === index;
    dots.push({ index: i, x: p.position.x, y: p.position.y, current, label: current ? texts.current(p.name) : texts.go(p.name) });
  });
  return {
    image: tour.floorplan ?? '',
    aspect: size && size.width > 0 && size.height > 0 ? size.width / size.height : null,
    compass: tour.compass ?? 0,
    dots,
    title: texts.title,
    hint: texts.hint,
    select,
  };
}

/**
 * The view cone's heading on the plan, degrees clockwise from the plan's up, 0..360. The view's yaw is in the ath
 * convention (clockwise from the panorama's north) and the building's compass turns it onto the plan. Read at each
 * frame from the camera (or the headset), not kept in the view model: it changes whenever the wearer turns.
 */
export function coneHeading(yaw: number, compass: number): number {
  const h = (yaw + compass) % 360;
  return h < 0 ? h + 360 : h;
}
