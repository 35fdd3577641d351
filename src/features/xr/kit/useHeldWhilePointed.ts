import { useCallback, useEffect, useRef, useState } from 'react';

type PointerEvent = { pointerId: number };

export interface PointedHandlers {
  onPointerEnter: (e: PointerEvent) => void;
  onPointerLeave: (e: PointerEvent) => void;
}

/**
 * A value that only changes while no pointer (controller ray, hand ray, gaze) rests on the thing it lays out.
 * Features register their in-world menu entries lazily, some seconds after the session starts; without this a
 * late entry moved the buttons under the wearer's ray between aiming and pulling the trigger, and the press landed
 * on a neighbour or on nothing. The newest value shows as soon as every pointer has left.
 */
export function useHeldWhilePointed<T>(value: T): [T, PointedHandlers] {
  const pointers = useRef(new Set<number>());
  const [pointed, setPointed] = useState(false);
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!pointed) setShown(value);
  }, [value, pointed]);
  const onPointerEnter = useCallback((e: PointerEvent) => {
    pointers.current.add(e.pointerId);
    setPointed(true);
  }, []);
  const onPointerLeave = useCallback((e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) setPointed(false);
  }, []);
  return [pointed ? shown : value, { onPointerEnter, onPointerLeave }];
}
