import { type Rng, TAU, at, clamp, lerp, n, pt, type P } from './basics';

/* ------------------------------------------------------------------------------------------------ */
/* Geometry helpers                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

export function polyPath(ps: readonly P[], close = true): string {
  return ps.map((p, i) => (i ? 'L' : 'M') + pt(p)).join('') + (close ? 'Z' : '');
}

/** Catmull-Rom spline through the points, as cubic Béziers. */
export function smoothPath(ps: readonly P[], closed: boolean, k = 1): string {
  const m = ps.length;
  if (m < 3) return polyPath(ps, closed);
  const get = (i: number): P => (closed ? at(ps, ((i % m) + m) % m) : at(ps, clamp(i, 0, m - 1)));
  let d = 'M' + pt(get(0));
  const segs = closed ? m : m - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    const c1: P = [p1[0] + ((p2[0] - p0[0]) / 6) * k, p1[1] + ((p2[1] - p0[1]) / 6) * k];
    const c2: P = [p2[0] - ((p3[0] - p1[0]) / 6) * k, p2[1] - ((p3[1] - p1[1]) / 6) * k];
    d += 'C' + pt(c1) + ' ' + pt(c2) + ' ' + pt(p2);
  }
  return d + (closed ? 'Z' : '');
}

/** Points along the same Catmull-Rom spline (for placing formations on an outline). */
export function sampleSmooth(ps: readonly P[], closed: boolean, per = 8): P[] {
  const m = ps.length;
  const get = (i: number): P => (closed ? at(ps, ((i % m) + m) % m) : at(ps, clamp(i, 0, m - 1)));
  const out: P[] = [];
  const segs = closed ? m : m - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = get(i - 1);
    const p1 = get(i);
    const p2 = get(i + 1);
    const p3 = get(i + 2);
    for (let j = 0; j < per; j++) {
      const t = j / per;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number): number =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  return out;
}

export function blobPoints(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  count: number,
  jitter: number,
): P[] {
  const pts: P[] = [];
  const turn = rng.range(0, TAU);
  for (let i = 0; i < count; i++) {
    const a = turn + ((i + rng.range(-0.25, 0.25)) / count) * TAU;
    const r = 1 + rng.range(-jitter, jitter);
    pts.push([cx + Math.cos(a) * rx * r, cy + Math.sin(a) * ry * r]);
  }
  return pts;
}

export function wavePoints(
  x0: number,
  x1: number,
  y: number,
  amp: number,
  freq: number,
  phase: number,
  steps = 12,
): P[] {
  const pts: P[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = lerp(x0, x1, i / steps);
    pts.push([x, y + amp * Math.sin(x * freq + phase) + amp * 0.45 * Math.sin(x * freq * 2.3 + phase * 1.7)]);
  }
  return pts;
}

/** Many small circles as one path (particles, bubbles, dots). */
export function dotsPath(dots: ReadonlyArray<readonly [number, number, number]>): string {
  return dots
    .map(([x, y, r]) => {
      const rr = n(r);
      return `M${Math.round(x - r)},${Math.round(y)}a${rr},${rr} 0 1,0 ${n(2 * r)},0a${rr},${rr} 0 1,0 ${n(-2 * r)},0`;
    })
    .join('');
}

export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${n(cx - rx)},${n(cy)}a${n(rx)},${n(ry)} 0 1,0 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1,0 ${n(-2 * rx)},0Z`;
}

/**
 * A stalactite hanging from (x, y); a negative length makes a pointed stalagmite. Every shape in this file
 * winds clockwise, so overlapping shapes can share one path and still fill solid.
 */
export function dripPath(x: number, y: number, w: number, l: number): string {
  const s = l > 0 ? 1 : -1;
  const a = x + (s * w) / 2;
  const b = x - (s * w) / 2;
  return (
    `M${n(a)},${n(y)}C${n(x + s * w * 0.32)},${n(y + l * 0.45)} ${n(x + s * w * 0.07)},${n(y + l * 0.78)} ${n(x)},${n(y + l)}` +
    `C${n(x - s * w * 0.07)},${n(y + l * 0.78)} ${n(x - s * w * 0.32)},${n(y + l * 0.45)} ${n(b)},${n(y)}Z`
  );
}

/** A blunt stalagmite rising `l` above (x, y). */
export function moundPath(x: number, y: number, w: number, l: number): string {
  return (
    `M${n(x - w / 2)},${n(y)}C${n(x - w * 0.42)},${n(y - l * 0.6)} ${n(x - w * 0.24)},${n(y - l)} ${n(x)},${n(y - l)}` +
    `C${n(x + w * 0.24)},${n(y - l)} ${n(x + w * 0.42)},${n(y - l * 0.6)} ${n(x + w / 2)},${n(y)}Z`
  );
}

/** A column: stalactite and stalagmite grown together (clockwise). */
export function columnPath(x: number, y0: number, y1: number, w: number): string {
  const h = y1 - y0;
  return (
    `M${n(x + w / 2)},${n(y0)}C${n(x + w * 0.2)},${n(y0 + h * 0.3)} ${n(x + w * 0.2)},${n(y0 + h * 0.66)} ${n(x + w * 0.65)},${n(y1)}` +
    `L${n(x - w * 0.65)},${n(y1)}C${n(x - w * 0.2)},${n(y0 + h * 0.66)} ${n(x - w * 0.2)},${n(y0 + h * 0.3)} ${n(x - w / 2)},${n(y0)}Z`
  );
}

/** A drapery (cave curtain) hanging from a ceiling point: a ribbon with a wavy lower edge. */
export function curtainPath(rng: Rng, x: number, y: number, w: number, l: number): string {
  const pts: P[] = [
    [x, y - 12],
    [x + w, y - 12],
  ];
  const folds = 5;
  for (let i = folds; i >= 0; i--)
    pts.push([x + (w * i) / folds, y + l * (0.55 + 0.45 * Math.abs(Math.sin(i * 1.7 + rng.range(0, 1))))]);
  return smoothPath(pts, true, 0.7);
}

export function leafPath(len: number, wid: number): string {
  return `M0,0C${n(len * 0.25)},${n(-wid)} ${n(len * 0.72)},${n(-wid * 0.85)} ${n(len)},0C${n(len * 0.72)},${n(wid * 0.85)} ${n(len * 0.25)},${n(wid)} 0,0Z`;
}
