// Public surface of the panorama scene. The app imports from here only. Nothing here may import three.js, React Three
// Fiber or zod: the viewer's entry chunk uses this surface, and the scene itself is a lazy chunk (LazyPanoramaScene).
export { loadPanoramaScene, PanoramaScene } from './LazyPanoramaScene.tsx';
export type { PanoramaSceneOptions, PanoramaSceneProps } from './PanoramaScene.tsx';
export { sceneFailureKind, type SceneFailureKind } from './sceneFailure.ts';
export { cameraActivity, cameraState, setView, rotateBy, zoomBy, zoomIn, zoomOut, noteInteraction, noteUserInput } from './state/cameraStore.ts';
export { FOV_LIMITS, MAX_PITCH } from './math/fov.ts';
export { normalizeAngle, athAtvToDirection, directionToAthAtv, viewForPosition } from './math/angles.ts';
export { requestGyroPermission, type GyroPermission } from './controls/gyroPermission.ts';
export { nextAutopilotIndex, type RotateSpeed } from './controls/autorotate.ts';
export { enterVR, exitVR, isVRSupported } from './xr/xrLoader.ts';
export { filterMarkers, isTeleport, markerIconKey, teleportRequest, type MarkerFilter, type NavigateRequest } from './markers/markerModel.ts';
export { XR_LABEL_EM_DEG } from './markers/labelLayout.ts';
export { drawMarkerIcon, MARKER_ICON_SIZE } from './markers/markerGlyphs.ts';
export type { SceneStats } from './state/sceneStats.ts';
export { arrivalView, lookOnArrival } from './state/arrivalView.ts';
export type { AvatarSource, SceneAvatar, ScenePose } from './avatars/avatarTypes.ts';
export { PoseTrack } from './avatars/poseTrack.ts';
export { nearestFirst, viewAngle } from './avatars/avatarMath.ts';
export { avatarColor } from './avatars/avatarCanvas.ts';
