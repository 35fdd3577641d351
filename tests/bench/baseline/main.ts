// The benchmark's baseline: what a naive viewer does. Plain three.js, one sphere, the panorama's full
// equirectangular JPEG as its texture. Built by Vite (minified, tree-shaken) so its JavaScript is as small as
// plain three.js gets; the page records when the first frame with the photo has been presented.
import { Mesh, MeshBasicMaterial, PerspectiveCamera, SRGBColorSpace, Scene, SphereGeometry, TextureLoader, WebGLRenderer } from 'three';
import './marks.ts';

const renderer = new WebGLRenderer({ antialias: false });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setSize(window.innerWidth, window.innerHeight);
document.body.appendChild(renderer.domElement);

const scene = new Scene();
const camera = new PerspectiveCamera(75, window.innerWidth / window.innerHeight, 1, 1100);
const geometry = new SphereGeometry(500, 60, 40);
geometry.scale(-1, 1, 1); // look at the inside of the sphere

new TextureLoader().load(
  '/pano.jpg',
  (texture) => {
    window.__baselineTextureLoaded = performance.now();
    texture.colorSpace = SRGBColorSpace;
    const sphere = new Mesh(geometry, new MeshBasicMaterial({ map: texture }));
    sphere.rotation.y = -Math.PI / 2; // the image's centre column in front (-z), where Atrium looks by default
    scene.add(sphere);
    renderer.render(scene, camera); // uploads the texture and draws
    // The draw is on screen once the next frame starts: the same moment Atrium's firstPixels flag marks.
    requestAnimationFrame(() => {
      window.__baselineFirstPixels = performance.now();
    });
  },
  undefined,
  (error) => {
    window.__baselineError = String(error);
  },
);
