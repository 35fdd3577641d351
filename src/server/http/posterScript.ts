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
 *
 * The sharp stage: with the tile manifest's url (p.manifest) it also fetches, at once and at high priority, the
 * tiles the WebGL scene will want for this view at the level the screen needs (posterTilesScript.ts works them
 * out as the scene does), and paints them as CSS-transformed <img> elements over the tiny cube, each with the
 * whole projection in its own transform (no shared 3D context: nothing to sort or split). The scene takes the same decoded images rather than fetching
 * them again (window.__atriumPosterTiles, scene/tiles/posterTiles.ts), and src/app/poster.ts keeps the poster up
 * until the scene is as sharp, so the hand-over shows no blur. __atriumPosterSharp stamps the moment.
 */
export const POSTER_ELEMENT_ID = 'atrium-poster';

export const POSTER_SCRIPT = `(function (p, planTiles) {
  var w = window, started = false, tries = 0, root = null, eye = 0, cubeTransform = '', tileStage = null;
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
  // The camera the viewer opens with: vertical fov (radians) from the long-side fov, as scene/math/fov.ts.
  function view() {
    var W = innerWidth, H = innerHeight, long = Math.min(120, Math.max(30, p.fov)) * Math.PI / 180;
    return { W: W, H: H, vfov: W > H ? 2 * Math.atan(Math.tan(long / 2) * H / W) : long };
  }
  if (p.manifest && w.fetch && w.Promise) try { fetchTiles(); } catch (e) { /* the tiny cube alone, as before */ }
  function fetchTiles() {
    var manifestUrl = new URL(p.manifest, location.href).href, v = view();
    // The scene reads the manifest from here too: one request, and not one round trip after its script.
    var manifest = fetch(manifestUrl).then(function (r) { if (!r.ok) throw new Error('manifest ' + r.status); return r.json(); });
    (w.__atriumPosterManifests = w.__atriumPosterManifests || {})[manifestUrl] = manifest;
    manifest.then(function (m) {
      if (w.__atriumPosterDismissed) return;
      var plan = planTiles(m, manifestUrl, { yaw: p.yaw, pitch: p.pitch, vfov: v.vfov * 180 / Math.PI, width: v.W, height: v.H, dpr: w.devicePixelRatio });
      var shared = w.__atriumPosterTiles = w.__atriumPosterTiles || {};
      var loads = plan.tiles.map(function (t) {
        var im = new Image();
        im.crossOrigin = 'anonymous'; // as the scene's worker fetches it, so WebGL may use it
        im.fetchPriority = 'high';
        im.decoding = 'async';
        im.src = t.url;
        t.img = im;
        return (shared[t.url] = im.decode().then(function () { return im; }));
      });
      return Promise.all(loads).then(function () { tileStage = plan; showTiles(); });
    }).catch(function () { /* the scene fetches what it still needs itself */ });
  }
  // Once the poster is up and every planned tile decoded: the tiles, then the stamp two frames later (presented).
  function showTiles() {
    if (!root || !tileStage || w.__atriumPosterDismissed) return;
    var plan = tileStage, S = plan.faceSize, T = plan.tileSize;
    tileStage = null;
    // Not a preserve-3d cube: each tile carries the whole projection in its own transform (as Marzipano's CSS
    // stage does) and is flattened on its own, so Chromium's 3D sorting and plane clipping cannot drop any.
    var stage = document.createElement('div');
    stage.style.cssText = 'position:absolute;left:50%;top:50%;width:0;height:0';
    plan.tiles.forEach(function (t) {
      var el = t.img;
      el.setAttribute('data-tile', t.key);
      el.alt = '';
      // 1 px wider and taller than the tile: neighbours overlap, so no seam shows between them.
      el.style.cssText = 'position:absolute;display:block;max-width:none;left:' + (t.x * T - S / 2) + 'px;top:' + (t.y * T - S / 2) + 'px;width:' + (t.width + 1) + 'px;height:' + (t.height + 1) + 'px;' +
        'transform-origin:' + (S / 2 - t.x * T) + 'px ' + (S / 2 - t.y * T) + 'px;transform:perspective(' + eye + 'px) ' + cubeTransform + ' ' + faces[t.face] + 'translateZ(' + (-S / 2) + 'px)';
      stage.appendChild(el);
    });
    root.appendChild(stage);
    requestAnimationFrame(function () { requestAnimationFrame(function () { w.__atriumPosterSharp = performance.now(); }); });
  }
  var faces = { f: '', r: 'rotateY(-90deg) ', b: 'rotateY(180deg) ', l: 'rotateY(90deg) ', u: 'rotateX(-90deg) ', d: 'rotateX(90deg) ' };
  var img = new Image();
  img.src = p.url;
  // The scene draws this same image first: it takes the decoded picture rather than fetching it again (posterTiles.ts).
  if (w.Promise && img.decode) {
    var firstView = img.decode().then(function () { return img; });
    firstView.catch(function () { /* the scene then fetches it itself */ });
    (w.__atriumPosterFirstViews = w.__atriumPosterFirstViews || {})[new URL(p.url, location.href).href] = firstView;
  }
  function paint() {
    if (w.__atriumPosterDismissed) return startViewer();
    var v = view(), W = v.W, H = v.H, vfov = v.vfov;
    var P = H / 2 / Math.tan(vfov / 2);
    // Faces at the image's own size: the compositor scales them up, so rasterising costs 256² px per face, not the screen's.
    var S = img.naturalHeight || 256;
    root = document.createElement('div');
    root.id = '${POSTER_ELEMENT_ID}';
    root.setAttribute('aria-hidden', 'true');
    root.style.cssText = 'position:fixed;inset:0;overflow:hidden;z-index:2147483000;pointer-events:none;background:#000;transition:opacity .25s;perspective:' + P + 'px';
    var cube = document.createElement('div');
    eye = P;
    cubeTransform = 'translateZ(' + P + 'px) rotateX(' + p.pitch + 'deg) rotateY(' + p.yaw + 'deg)';
    cube.style.cssText = 'position:absolute;left:50%;top:50%;width:0;height:0;transform-style:preserve-3d;transform:' + cubeTransform;
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
    showTiles();
  }
  function failed() { startViewer(); }
  img.onerror = failed;
  (img.decode ? img.decode() : Promise.reject()).then(function () { try { paint(); } catch (e) { failed(); } }, function () {
    if (img.complete && img.naturalWidth) { try { paint(); } catch (e) { failed(); } } else img.onload = function () { try { paint(); } catch (e) { failed(); } };
  });
})`;
