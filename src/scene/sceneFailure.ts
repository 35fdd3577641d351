// Three-free on purpose: the viewer's entry chunk (scene/index.ts) tells the kinds apart without loading the scene.

/**
 * Why the scene cannot show anything: its code never arrived ('not-loaded': offline, a deploy removed the chunk),
 * the browser refused it a WebGL context ('no-webgl': blocklisted GPU or driver, even where the start-up probe got
 * one), or it broke while running ('crashed'). 'panorama': one panorama failed to load and the scene lives on.
 */
export type SceneFailureKind = 'not-loaded' | 'no-webgl' | 'crashed' | 'panorama';

/** An error that stopped the whole scene; PanoramaScene's onError receives it. */
export class SceneFailure extends Error {
  constructor(readonly kind: Exclude<SceneFailureKind, 'panorama'>, cause: unknown) {
    super(`the panorama scene failed (${kind}): ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SceneFailure';
  }
}

/** What an error from PanoramaScene's onError means for the visitor. */
export function sceneFailureKind(error: Error): SceneFailureKind {
  return error instanceof SceneFailure ? error.kind : 'panorama';
}
