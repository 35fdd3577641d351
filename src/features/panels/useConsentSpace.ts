import { useLayoutEffect, useRef } from 'react';

/**
 * Keeps --atrium-consent-height on the viewer while the cookie question shows: the banner's height, which follows
 * its text (the language, the screen's width). Where the banner spans a narrow screen, panels.css adds its place
 * above the toolbar and offers the sum as --atrium-consent-block, so that the round buttons floating at the same
 * edge (lounge, chat) rise above the banner instead of lying over its answers. Both go away with the banner and the
 * buttons drop back.
 */
export function useConsentSpace<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    const viewer = banner?.closest<HTMLElement>('.atrium-viewer');
    if (!banner || !viewer) return undefined;
    const measure = () => viewer.style.setProperty('--atrium-consent-height', `${Math.ceil(banner.offsetHeight)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      viewer.style.removeProperty('--atrium-consent-height');
    };
  }, []);
  return ref;
}
