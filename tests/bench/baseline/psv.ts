// The benchmark's second baseline: a Photo Sphere Viewer 5 page as its documentation shows it, the panorama's
// full equirectangular JPEG with the default adapter, no navbar. It marks the same moments as the plain three.js
// page (main.ts): the image loaded, and the first frame with it on screen. PSV shows one image, so its first frame
// is also its sharp view.
import { Viewer } from '@photo-sphere-viewer/core';
import '@photo-sphere-viewer/core/index.css';
import './marks.ts';

const viewer = new Viewer({ container: 'viewer', panorama: '/pano.jpg', navbar: false, loadingTxt: '' });

viewer.addEventListener('panorama-loaded', () => {
  window.__baselineTextureLoaded = performance.now();
}, { once: true });
// 'ready' comes once the texture is on the sphere; PSV draws it in its next animation-loop pass ('render'), and that
// draw is on screen when the frame after it starts (the moment the other pages mark too).
viewer.addEventListener('ready', () => {
  viewer.addEventListener('render', () => {
    requestAnimationFrame(() => {
      window.__baselineFirstPixels = performance.now();
    });
  }, { once: true });
}, { once: true });
viewer.addEventListener('panorama-error', (event) => {
  window.__baselineError = String(event.error);
});
