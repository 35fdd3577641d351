// What the scene needs to draw other people's avatars. The scene knows nothing of the lounge: a feature hands
// PanoramaScene an AvatarSource and keeps it up to date (who, and where each one looks).

/** One person to draw: a head (portrait, else initials on a disc of `color`) and a name under it. */
export interface SceneAvatar {
  id: string;
  name: string;
  initials: string;
  /** Image address of their portrait, or null for initials. */
  portrait: string | null;
  /** CSS colour of the disc behind the initials. */
  color: string;
}

/** Where a person looks, in the panorama's frame, degrees: yaw right-positive, pitch up-positive, roll right-positive. */
export interface ScenePose {
  yaw: number;
  pitch: number;
  roll: number;
}

export interface AvatarSource {
  /** Called whenever poses arrive or the list changes (the scene renders on demand, this wakes it). */
  subscribe(listener: () => void): () => void;
  /** Whom to draw, already cut to the limit; the same array while nothing changed (useSyncExternalStore). */
  getAvatars(): readonly SceneAvatar[];
  /** The pose to draw at `now` (performance.now() ms), interpolated; null when none is known. */
  poseAt(id: string, now: number): ScenePose | null;
  /** True while the pose drawn at `now` is still moving toward the last one received (keep rendering frames). */
  moving(id: string, now: number): boolean;
}
