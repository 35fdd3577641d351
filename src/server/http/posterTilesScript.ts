/**
 * The poster's tile plan: which tiles of which level the viewer's WebGL scene will want for its first view, worked
 * out by the page's inline script before any bundle runs, so it can fetch and paint them at once (posterScript.ts).
 * It must give the scene's own answer: the level by scene/tiles/selectLevel.ts (Marzipano's rule, with the
 * canvas's device pixel ratio clamped to [1, 2] as PanoramaScene's Canvas does) and the tiles by
 * scene/tiles/visibleTiles.ts (Sutherland-Hodgman clipping of each tile against the view widened by the scene's
 * prefetch margin), both for the camera the viewer opens with (yaw right-positive, pitch up-positive, as
 * cameraStore). posterTilesScript.test.ts holds the two answers side by side.
 *
 * Plain ES2017 in a string, like the poster: a function (manifest, manifestUrl, view) answering
 * { level, faceSize, tileSize, tiles: [{ key, url, face, x, y, width, height }] }, nearest the view centre first;
 * view = { yaw, pitch, vfov (degrees), width, height (CSS px), dpr }.
 */
export const POSTER_PREFETCH_MARGIN = 1.15;

export const POSTER_TILES_SCRIPT = `function (m, manifestUrl, v) {
  var rad = Math.PI / 180, margin = ${POSTER_PREFETCH_MARGIN};
  var levels = m.levels.slice().sort(function (a, b) { return a.faceSize - b.faceSize; });
  var need = Math.max(1, v.height) * Math.min(2, Math.max(1, v.dpr || 1));
  var cover = Math.tan(Math.min(Math.max(v.vfov, 1), 179) * rad / 2);
  var level = levels[levels.length - 1];
  for (var i = 0; i < levels.length; i++) if (cover * levels[i].faceSize >= need * (1 - 1e-9)) { level = levels[i]; break; }
  var yaw = v.yaw * rad, pitch = v.pitch * rad;
  var F = [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)];
  var R = [Math.cos(yaw), 0, Math.sin(yaw)];
  var U = [R[1] * F[2] - R[2] * F[1], R[2] * F[0] - R[0] * F[2], R[0] * F[1] - R[1] * F[0]];
  var tv = Math.tan(v.vfov * rad / 2), th = tv * v.width / v.height;
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  // Face pixel (x, y) in [0,1]^2 to a direction: the table of src/protocol/tiles.ts.
  function dir(face, x, y) {
    var a = 2 * x - 1, b = 2 * y - 1;
    return { f: [a, -b, -1], r: [1, -b, a], b: [-a, -b, 1], l: [-1, -b, -a], u: [a, 1, -b], d: [a, -1, b] }[face];
  }
  // Clip space [x, y, w] of a direction, the frustum widened by the margin.
  function clip(d) { return [dot(d, R) / th / margin, dot(d, U) / tv / margin, dot(d, F)]; }
  var planes = [
    function (q) { return q[2] - q[0]; }, function (q) { return q[2] + q[0]; },
    function (q) { return q[2] - q[1]; }, function (q) { return q[2] + q[1]; },
    function (q) { return q[2] - 1e-6; }
  ];
  function seen(face, r) {
    var poly = [clip(dir(face, r[0], r[1])), clip(dir(face, r[2], r[1])), clip(dir(face, r[2], r[3])), clip(dir(face, r[0], r[3]))];
    for (var k = 0; k < planes.length; k++) {
      if (!poly.length) return false;
      var next = [];
      for (var j = 0; j < poly.length; j++) {
        var a = poly[j], b = poly[(j + 1) % poly.length], da = planes[k](a), db = planes[k](b);
        if (da >= 0) next.push(a);
        if ((da >= 0) !== (db >= 0)) {
          var t = da / (da - db);
          next.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
        }
      }
      poly = next;
    }
    return poly.length > 0;
  }
  var S = level.faceSize, T = m.tileSize, n = level.tilesPerSide, tiles = [];
  ['f', 'r', 'b', 'l', 'u', 'd'].forEach(function (face) {
    if (!seen(face, [0, 0, 1, 1])) return;
    for (var y = 0; y < n; y++) for (var x = 0; x < n; x++) {
      var r = [x * T / S, y * T / S, Math.min((x + 1) * T, S) / S, Math.min((y + 1) * T, S) / S];
      if (!seen(face, r)) continue;
      var c = dir(face, (r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
      var path = m.tileUrl.split('{level}').join(String(level.index)).split('{face}').join(face).split('{x}').join(String(x)).split('{y}').join(String(y));
      tiles.push({
        key: level.index + '/' + face + '/' + y + '_' + x, url: new URL(path, manifestUrl).href, face: face, x: x, y: y,
        width: Math.min(T, S - x * T), height: Math.min(T, S - y * T),
        priority: Math.acos(Math.max(-1, Math.min(1, dot(c, F) / Math.sqrt(dot(c, c)))))
      });
    }
  });
  tiles.sort(function (a, b) { return a.priority - b.priority; });
  return { level: level.index, faceSize: S, tileSize: T, tiles: tiles };
}`;
