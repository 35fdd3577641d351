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
    var plan = tileStage, T = plan.tileSize, stage = newStage();
    tileStage = null;
    plan.tiles.forEach(function (t) {
      var el = t.img;
      el.setAttribute('data-tile', t.key);
      el.alt = '';
      el.style.cssText = 'display:block;max-width:none;' + onCube(t.face, plan.faceSize, t.x * T, t.y * T, t.width, t.height);
      stage.appendChild(el);
    });
    root.appendChild(stage);
    requestAnimationFrame(function () { requestAnimationFrame(function () { w.__atriumPosterSharp = performance.now(); }); });
  }
  var faces = { f: '', r: 'rotateY(-90deg) ', b: 'rotateY(180deg) ', l: 'rotateY(90deg) ', u: 'rotateX(-90deg) ', d: 'rotateX(90deg) ' };
  // Not a preserve-3d cube: each element carries the whole projection in its own transform (as Marzipano's CSS stage
  // does) and is flattened on its own, so Chromium's 3D sorting and plane clipping cannot drop any. In one preserve-3d
  // cube, whole pieces of the view stayed black at more than half of a sweep of opening views.
  function newStage() {
    var stage = document.createElement('div');
    stage.style.cssText = 'position:absolute;left:50%;top:50%;width:0;height:0';
    return stage;
  }
  // The style placing the rectangle (left, top, width, height) of a face S px across on the cube around the eye.
  // 1 px wider and taller: neighbours overlap, so no seam shows between them.
  function onCube(face, S, left, top, width, height) {
    return 'position:absolute;left:' + (left - S / 2) + 'px;top:' + (top - S / 2) + 'px;width:' + (width + 1) + 'px;height:' + (height + 1) + 'px;' +
      'transform-origin:' + (S / 2 - left) + 'px ' + (S / 2 - top) + 'px;transform:perspective(' + eye + 'px) ' + cubeTransform + ' ' + faces[face] + 'translateZ(' + (-S / 2) + 'px)';
  }
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
    root.style.cssText = 'position:fixed;inset:0;overflow:hidden;z-index:2147483000;pointer-events:none;background:#000;transition:opacity .25s';
    eye = P;
    cubeTransform = 'translateZ(' + P + 'px) rotateX(' + p.pitch + 'deg) rotateY(' + p.yaw + 'deg)';
    // Whole faces, and only those this view can see (the tile plan's own test, its margin included): 2-5 elements.
    // Flattened on its own, a face crossing the plane of the eye is clipped there, not dropped. A sweep of 208 opening
    // views found no part of the view left black, where the preserve-3d cube (96 pieces) left some black in 119; and
    // the poster took half as long from paint() to the screen (0.49-0.51x, 4x CPU slowdown, medians of 12).
    var shown = [];
    try {
      shown = planTiles({ levels: [{ index: 0, faceSize: 1, tilesPerSide: 1 }], tileSize: 1, tileUrl: '' }, location.href,
        { yaw: p.yaw, pitch: p.pitch, vfov: vfov * 180 / Math.PI, width: W, height: H, dpr: 1 }).tiles.map(function (t) { return t.face; });
    } catch (e) { /* every face */ }
    var stage = newStage(), bg = 'url("' + p.url.replace(/"/g, '%22') + '")';
    (shown.length ? shown : p.faceOrder).forEach(function (face) {
      var el = document.createElement('div');
      // The face's picture stretched over the element's extra pixel (onCube), so the strip's next face never shows
      // as a line along the cube's edge.
      el.style.cssText = onCube(face, S, 0, 0, S, S) + ';background:' + bg + ' ' + (-p.faceOrder.indexOf(face) * (S + 1)) + 'px 0/' +
        (6 * (S + 1)) + 'px ' + (S + 1) + 'px no-repeat';
      stage.appendChild(el);
    });
    root.appendChild(stage);
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
