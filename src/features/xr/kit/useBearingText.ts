import { useEffect, useState } from 'react';
import { cameraState } from '../../../scene/index.ts';
import { subscribe } from '../../../state/store.ts';
import { bearingSentence, type BearingTexts } from '../bearing.ts';

/**
 * The sentence for where someone looks (`source.view`, a store another feature keeps up to date) against where the
 * wearer looks now; refreshed a few times a second, not every frame (it is canvas text). null while nobody leads.
 */
export function useBearingText(source: { view: { yaw: number } | null }, texts: BearingTexts | null): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!texts) {
      setText(null);
      return undefined;
    }
    const update = () => setText(source.view ? bearingSentence(source.view.yaw, cameraState.yaw, texts) : null);
    update();
    const timer = setInterval(update, 250);
    const stop = subscribe(source, update);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [source, texts]);
  return text;
}
