/**
 * The poster: the start panorama's tiny first-view cube (one JPEG, six faces side by side) drawn with CSS 3D
 * transforms by a few lines inlined in the page, at the view the viewer will open with. It paints as soon as that
 * one image has arrived, long before the viewer's JavaScript, three.js and the WebGL context are up (on a phone
 * link that is most of the wait); the viewer removes it once its own first frame is on screen (src/app/poster.ts).
 * The same technique as Marzipano's CSS renderer.
 *
 * Plain ES2017 in a string: it runs before any bundle, so it cannot import anything. Geometry follows the face
 * table of src/protocol/tiles.ts, mapped to CSS axes (x right, y down, z towards the viewer): three.js (X, Y, Z)
 * becomes CSS (X, -Y, Z). The camera sits at the cube's centre: `perspective` P puts the eye P px in front of the
 * z = 0 plane and translateZ(P) moves the cube's centre there; P = (height / 2) / tan(vertical fov / 2).
 * Exercised end to end by tests/e2e/poster.spec.ts (pixels compared with the source reprojected at the same view).
 */
export const POSTER_ELEMENT_ID = 'atrium-poster';

export const POSTER_SCRIPT = `(function (p) {
  var w = window, started = false, tries = 0;
  // The viewer's entry script is only preloaded (staticRoutes holdEntryScript): run it once the poster is on
  // screen, or after holdMs whatever happens, so its start-up never competes with the first paint.
  function startViewer() {
    if (started) return;
    var link = document.querySelector('link[' + p.entryMarker + ']');
    // Not parsed yet: look again shortly (the page is tiny); a page without a held entry runs its own script.
    if (!link) return tries++ < 250 ? setTimeout(startViewer, 20) : undefined;
    started = true;
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = link.getAttribute('href');
    document.head.appendChild(s);
  }
  setTimeout(startViewer, p.holdMs);
  var img = new Image();
  img.src = p.url;
  function paint() {
    if (w.__atriumPosterDismissed) return startViewer();
    var W = innerWidth, H = innerHeight, rad = Math.PI / 180;
    var long = Math.min(120, Math.max(30, p.fov)) * rad;
    var vfov = W > H ? 2 * Math.atan(Math.tan(long / 2) * H / W) : long;
    var P = H / 2 / Math.tan(vfov / 2);
    // Faces at the image's own size: the compositor scales them up, so rasterising costs 256² px per face, not the screen's.
    var S = img.naturalHeight || 256;
    var faces = { f: '', r: 'rotateY(-90deg) ', b: 'rotateY(180deg) ', l: 'rotateY(90deg) ', u: 'rotateX(-90deg) ', d: 'rotateX(90deg) ' };
    var root = document.createElement('div');
    root.id = '${POSTER_ELEMENT_ID}';
    root.setAttribute('aria-hidden', 'true');
    root.style.cssText = 'position:fixed;inset:0;overflow:hidden;z-index:2147483000;pointer-events:none;background:#000;transition:opacity .25s;perspective:' + P + 'px';
    var cube = document.createElement('div');
    cube.style.cssText = 'position:absolute;left:50%;top:50%;width:0;height:0;transform-style:preserve-3d;transform:translateZ(' + P + 'px) rotateX(' + p.pitch + 'deg) rotateY(' + p.yaw + 'deg)';
    // Each face is cut into N x N pieces: Chromium drops parts of a large element that crosses the plane of the eye
    // (the side faces always do), and small pieces keep any such loss outside the view. Pieces overlap by 1 px.
    var N = 4, T = S / N, bg = 'url("' + p.url.replace(/"/g, '%22') + '")';
    p.faceOrder.forEach(function (face, i) {
      for (var ty = 0; ty < N; ty++) for (var tx = 0; tx < N; tx++) {
        var el = document.createElement('div');
        el.style.cssText = 'position:absolute;left:' + (tx * T - S / 2) + 'px;top:' + (ty * T - S / 2) + 'px;width:' + (T + 1) + 'px;height:' + (T + 1) + 'px;' +
          'background:' + bg + ' ' + (-(i * S + tx * T)) + 'px ' + (-ty * T) + 'px/' + (6 * S) + 'px ' + S + 'px no-repeat;' +
          'transform-origin:' + (S / 2 - tx * T) + 'px ' + (S / 2 - ty * T) + 'px;transform:' + faces[face] + 'translateZ(' + (-S / 2) + 'px)';
        cube.appendChild(el);
      }
    });
    root.appendChild(cube);
    (document.body || document.documentElement).appendChild(root);
    requestAnimationFrame(function () { requestAnimationFrame(function () { w.__atriumPosterShown = performance.now(); startViewer(); }); });
  }
  function failed() { startViewer(); }
  img.onerror = failed;
  (img.decode ? img.decode() : Promise.reject()).then(function () { try { paint(); } catch (e) { failed(); } }, function () {
    if (img.complete && img.naturalWidth) { try { paint(); } catch (e) { failed(); } } else img.onload = function () { try { paint(); } catch (e) { failed(); } };
  });
})`;
