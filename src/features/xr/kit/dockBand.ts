// Where the menu dock reaches up to, for the panels that must stay above it. The dock measures itself every frame
// (its height changes with the number of entries and the labels' lines) and the panels read it every frame, inside
// the same render loop: a plain value, no React state, so nothing re-renders for it.

let top: number | null = null;

/** The dock's top edge as an elevation seen from the eye (degrees), or null while no dock is shown. */
export function dockTopDeg(): number | null {
  return top;
}

export function setDockTopDeg(deg: number | null): void {
  top = deg;
}
