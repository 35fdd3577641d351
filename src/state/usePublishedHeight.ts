// What stands at an edge of the viewer (the toolbar, the promotion bar, the cookie banner) publishes how much room it
// takes as a CSS variable on the viewer, so that the stylesheets place everything else from the real figure (a
// phone wraps the toolbar, a long translation wraps a banner) instead of a fixed guess. Here, below the features and
// the overlay, so that each of them publishes the same way.
import { type RefCallback, useCallback } from 'react';

/** The element's height in whole pixels, or null to take the variable away (the element takes no room just now). */
export type HeightMeasure<T extends HTMLElement> = (element: T) => number | null;

const borderBoxHeight: HeightMeasure<HTMLElement> = (element) => element.getBoundingClientRect().height;

/**
 * A ref for the element that publishes `name` on its viewer (the closest .atrium-viewer) while it is mounted: measured
 * once laid out, again whenever its size changes, and removed when it goes. A ref callback rather than an effect, so an element
 * that comes and goes with its component still rendered (a closed bar) publishes and withdraws with it. `measure`
 * must keep its identity (a module-level function): a new one re-attaches the ref.
 */
export function usePublishedHeight<T extends HTMLElement>(name: `--atrium-${string}`, measure: HeightMeasure<T> = borderBoxHeight): RefCallback<T> {
  return useCallback((element: T | null) => {
    const viewer = element?.closest<HTMLElement>('.atrium-viewer');
    if (!element || !viewer) return undefined;
    const publish = () => {
      const height = measure(element);
      if (height === null) viewer.style.removeProperty(name);
      else viewer.style.setProperty(name, `${Math.ceil(height)}px`);
    };
    // No measure now: reading a size here, during React's commit, forces the page's first layout early (15 ms on a
    // phone while the first view loads). The observer reports the element's size once laid out, before that frame
    // paints, and then on every change.
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      viewer.style.removeProperty(name);
    };
  }, [name, measure]);
}
