/**
 * Generates Cenote Atlas's own illustrations: one SVG per name in content/images/ plus manifest.json.
 *
 *   npx tsx scripts/generate-art.ts                 write every SVG and the manifest
 *   npx tsx scripts/generate-art.ts --only a,b      write only the named SVGs (manifest is always written)
 *   npx tsx scripts/generate-art.ts --check         render each committed SVG to WebP and AVIF in memory,
 *                                                   print the byte sizes, fail if any is over budget
 *   npx tsx scripts/generate-art.ts --png /tmp/art  also render PNG previews into that folder
 *
 * Everything is drawn by the code below (no external artwork, fonts, images or URLs). Shapes use only
 * paths, linear/radial gradients, opacity, clip paths and a plain feGaussianBlur, which librsvg renders
 * faithfully. Each scene takes its variation from a random generator seeded with the image name, so the
 * output is deterministic: the same code always writes the same files.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'content', 'images');

/* ------------------------------------------------------------------------------------------------ */
/* Basics: numbers, random, colour                                                                   */
/* ------------------------------------------------------------------------------------------------ */

type P = [number, number];
type Stop = readonly [offset: number, color: string, opacity?: number];
type Attrs = Record<string, string | number | undefined>;

const TAU = Math.PI * 2;
const deg = (d: number): number => (d * Math.PI) / 180;
const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
const clamp = (v: number, a: number, b: number): number => Math.min(b, Math.max(a, v));

function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** Coordinates: whole pixels for large values, one decimal for small (local) ones; keeps the files small. */
function n(v: number): string {
  const r = Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}
/** Attribute numbers: two decimals for small values (opacities, offsets), one otherwise. */
function fmt(v: number): string {
  const r = Math.abs(v) < 10 ? Math.round(v * 100) / 100 : Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}
const pt = (p: P): string => `${n(p[0])},${n(p[1])}`;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for art. */
class Rng {
  private state: number;
  constructor(seed: string | number) {
    this.state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1 - 1e-9));
  }
  pick<T>(list: readonly T[]): T {
    return at(list, Math.floor(this.next() * list.length));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  sign(): number {
    return this.next() < 0.5 ? -1 : 1;
  }
}

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function toHex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, '0')).join('');
}
function mix(a: string, b: string, t: number): string {
  const A = rgb(a);
  const B = rgb(b);
  return toHex(lerp(A[0], B[0], t), lerp(A[1], B[1], t), lerp(A[2], B[2], t));
}

/* ------------------------------------------------------------------------------------------------ */
/* SVG document builder                                                                              */
/* ------------------------------------------------------------------------------------------------ */

function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) if (v !== undefined) out += ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`;
  return out;
}

class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private count = 0;
  private readonly cache = new Map<string, string>();
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  private id(prefix: string): string {
    return prefix + (this.count++).toString(36);
  }
  private stops(st: readonly Stop[]): string {
    return st
      .map(
        ([o, c, a]) =>
          `<stop offset="${fmt(o)}" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${fmt(a)}"`}/>`,
      )
      .join('');
  }
  private memo(key: string, make: () => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const url = make();
    this.cache.set(key, url);
    return url;
  }
  /** Linear gradient; bounding-box fractions unless `user` (then user-space coordinates). */
  lin(st: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const key = `l${JSON.stringify(st)}${x1},${y1},${x2},${y2},${user}`;
    return this.memo(key, () => {
      const id = this.id('l');
      const co = user
        ? ` gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"`
        : `${x1 ? ` x1="${fmt(x1)}"` : ''}${y1 ? ` y1="${fmt(y1)}"` : ''}${x2 === 1 ? '' : ` x2="${fmt(x2)}"`}${y2 ? ` y2="${fmt(y2)}"` : ''}`;
      this.defs.push(`<linearGradient id="${id}"${co}>${this.stops(st)}</linearGradient>`);
      return `url(#${id})`;
    });
  }
  /** Radial gradient in user space, elliptical (rx, ry) and optionally rotated. */
  rad(st: readonly Stop[], cx: number, cy: number, rx: number, ry = rx, rot = 0): string {
    const key = `r${JSON.stringify(st)}${n(cx)},${n(cy)},${n(rx)},${n(ry)},${rot}`;
    return this.memo(key, () => {
      const id = this.id('r');
      const tr = `translate(${n(cx)} ${n(cy)})${rot ? ` rotate(${fmt(rot)})` : ''} scale(${n(rx)} ${n(ry)})`;
      this.defs.push(
        `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="${tr}">${this.stops(st)}</radialGradient>`,
      );
      return `url(#${id})`;
    });
  }
  /** Radial gradient relative to the shape's bounding box (reusable across many shapes). */
  radBox(st: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const key = `b${JSON.stringify(st)}${cx},${cy},${r}`;
    return this.memo(key, () => {
      const id = this.id('b');
      this.defs.push(
        `<radialGradient id="${id}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}">${this.stops(st)}</radialGradient>`,
      );
      return `url(#${id})`;
    });
  }
  blur(sd: number): string {
    const v = fmt(sd);
    return this.memo(`f${v}`, () => {
      const id = this.id('f');
      this.defs.push(
        `<filter id="${id}" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="${v}"/></filter>`,
      );
      return `url(#${id})`;
    });
  }
  clip(d: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }
  path(d: string, fill: string, a: Attrs = {}): void {
    if (d) this.body.push(`<path d="${d}"${attrs({ fill, ...a })}/>`);
  }
  rect(x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${attrs({ fill, ...a })}/>`);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${attrs({ fill, ...a })}/>`);
  }
  circle(cx: number, cy: number, r: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${attrs({ fill, ...a })}/>`);
  }
  group(a: Attrs, draw: () => void): void {
    this.body.push(`<g${attrs(a)}>`);
    draw();
    this.body.push('</g>');
  }
  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`
    );
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Geometry helpers                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

function polyPath(ps: readonly P[], close = true): string {
  return ps.map((p, i) => (i ? 'L' : 'M') + pt(p)).join('') + (close ? 'Z' : '');
}

/** Catmull-Rom spline through the points, as cubic Béziers. */
function smoothPath(ps: readonly P[], closed: boolean, k = 1): string {
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
function sampleSmooth(ps: readonly P[], closed: boolean, per = 8): P[] {
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

function blobPoints(rng: Rng, cx: number, cy: number, rx: number, ry: number, count: number, jitter: number): P[] {
  const pts: P[] = [];
  const turn = rng.range(0, TAU);
  for (let i = 0; i < count; i++) {
    const a = turn + ((i + rng.range(-0.25, 0.25)) / count) * TAU;
    const r = 1 + rng.range(-jitter, jitter);
    pts.push([cx + Math.cos(a) * rx * r, cy + Math.sin(a) * ry * r]);
  }
  return pts;
}

function wavePoints(x0: number, x1: number, y: number, amp: number, freq: number, phase: number, steps = 12): P[] {
  const pts: P[] = [];
  for (let i = 0; i <= steps; i++) {
    const x = lerp(x0, x1, i / steps);
    pts.push([x, y + amp * Math.sin(x * freq + phase) + amp * 0.45 * Math.sin(x * freq * 2.3 + phase * 1.7)]);
  }
  return pts;
}

/** Many small circles as one path (particles, bubbles, dots). */
function dotsPath(dots: ReadonlyArray<readonly [number, number, number]>): string {
  return dots
    .map(([x, y, r]) => {
      const rr = n(r);
      return `M${Math.round(x - r)},${Math.round(y)}a${rr},${rr} 0 1,0 ${n(2 * r)},0a${rr},${rr} 0 1,0 ${n(-2 * r)},0`;
    })
    .join('');
}

function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  return `M${n(cx - rx)},${n(cy)}a${n(rx)},${n(ry)} 0 1,0 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1,0 ${n(-2 * rx)},0Z`;
}

/**
 * A stalactite hanging from (x, y); a negative length makes a pointed stalagmite. Every shape in this file
 * winds clockwise, so overlapping shapes can share one path and still fill solid.
 */
function dripPath(x: number, y: number, w: number, l: number): string {
  const s = l > 0 ? 1 : -1;
  const a = x + (s * w) / 2;
  const b = x - (s * w) / 2;
  return (
    `M${n(a)},${n(y)}C${n(x + s * w * 0.32)},${n(y + l * 0.45)} ${n(x + s * w * 0.07)},${n(y + l * 0.78)} ${n(x)},${n(y + l)}` +
    `C${n(x - s * w * 0.07)},${n(y + l * 0.78)} ${n(x - s * w * 0.32)},${n(y + l * 0.45)} ${n(b)},${n(y)}Z`
  );
}

/** A blunt stalagmite rising `l` above (x, y). */
function moundPath(x: number, y: number, w: number, l: number): string {
  return (
    `M${n(x - w / 2)},${n(y)}C${n(x - w * 0.42)},${n(y - l * 0.6)} ${n(x - w * 0.24)},${n(y - l)} ${n(x)},${n(y - l)}` +
    `C${n(x + w * 0.24)},${n(y - l)} ${n(x + w * 0.42)},${n(y - l * 0.6)} ${n(x + w / 2)},${n(y)}Z`
  );
}

/** A column: stalactite and stalagmite grown together (clockwise). */
function columnPath(x: number, y0: number, y1: number, w: number): string {
  const h = y1 - y0;
  return (
    `M${n(x + w / 2)},${n(y0)}C${n(x + w * 0.2)},${n(y0 + h * 0.3)} ${n(x + w * 0.2)},${n(y0 + h * 0.66)} ${n(x + w * 0.65)},${n(y1)}` +
    `L${n(x - w * 0.65)},${n(y1)}C${n(x - w * 0.2)},${n(y0 + h * 0.66)} ${n(x - w * 0.2)},${n(y0 + h * 0.3)} ${n(x - w / 2)},${n(y0)}Z`
  );
}

/** A drapery (cave curtain) hanging from a ceiling point: a ribbon with a wavy lower edge. */
function curtainPath(rng: Rng, x: number, y: number, w: number, l: number): string {
  const pts: P[] = [
    [x, y - 12],
    [x + w, y - 12],
  ];
  const folds = 5;
  for (let i = folds; i >= 0; i--)
    pts.push([x + (w * i) / folds, y + l * (0.55 + 0.45 * Math.abs(Math.sin(i * 1.7 + rng.range(0, 1))))]);
  return smoothPath(pts, true, 0.7);
}

function leafPath(len: number, wid: number): string {
  return `M0,0C${n(len * 0.25)},${n(-wid)} ${n(len * 0.72)},${n(-wid * 0.85)} ${n(len)},0C${n(len * 0.72)},${n(wid * 0.85)} ${n(len * 0.25)},${n(wid)} 0,0Z`;
}

/* ------------------------------------------------------------------------------------------------ */
/* Reusable pieces: vegetation, divers, fish, light                                                  */
/* ------------------------------------------------------------------------------------------------ */

/** A tree line silhouette: a row of crowns (arcs) standing on `base`. */
function treeLine(
  s: Svg,
  rng: Rng,
  x0: number,
  x1: number,
  base: number,
  height: (x: number) => number,
  rMin: number,
  rMax: number,
  fill: string,
  a: Attrs = {},
): void {
  let x = x0 - rMin;
  let d = `M${n(x)},${n(base)}L${n(x)},${n(base - height(x))}`;
  while (x < x1 + rMin) {
    const step = rng.range(rMin, rMax) * 1.3;
    const nx = x + step;
    const ny = base - height(nx) - rng.range(0, rMax * 0.45);
    const r = step * rng.range(0.52, 0.72);
    d += `A${n(r)},${n(r)} 0 0 1 ${n(nx)},${n(ny)}`;
    x = nx;
  }
  d += `L${n(x)},${n(base)}Z`;
  s.path(d, fill, a);
}

function palm(s: Svg, rng: Rng, x: number, base: number, h: number, lean: number, trunk: string, leaf: string): void {
  const top: P = [x + lean * h, base - h];
  const ctrl: P = [x + lean * h * 0.15, base - h * 0.55];
  const left: P[] = [];
  const right: P[] = [];
  for (let i = 0; i <= 8; i++) {
    const t = i / 8;
    const u = 1 - t;
    const p: P = [
      u * u * x + 2 * u * t * ctrl[0] + t * t * top[0],
      u * u * base + 2 * u * t * ctrl[1] + t * t * top[1],
    ];
    const dx = 2 * u * (ctrl[0] - x) + 2 * t * (top[0] - ctrl[0]);
    const dy = 2 * u * (ctrl[1] - base) + 2 * t * (top[1] - ctrl[1]);
    const len = Math.hypot(dx, dy) || 1;
    const w = lerp(h * 0.028, h * 0.014, t);
    left.push([p[0] - (dy / len) * w, p[1] + (dx / len) * w]);
    right.push([p[0] + (dy / len) * w, p[1] - (dx / len) * w]);
  }
  s.path(polyPath([...left, ...right.reverse()]), trunk);
  const count = rng.int(8, 11);
  let d = '';
  for (let i = 0; i < count; i++) {
    const a = deg(-200 + ((i + 0.5) * 220) / count + rng.range(-7, 7));
    const len = h * rng.range(0.3, 0.42);
    const droop = len * (0.25 + 0.35 * Math.abs(Math.cos(a)));
    const tip: P = [top[0] + Math.cos(a) * len, top[1] + Math.sin(a) * len * 0.5 + droop];
    const mid: P = [top[0] + Math.cos(a) * len * 0.55, top[1] + Math.sin(a) * len * 0.4 - len * 0.05];
    const nx = -Math.sin(a);
    const ny = Math.cos(a);
    const w = len * 0.13;
    d += `M${pt(top)}Q${pt([mid[0] - nx * w, mid[1] - ny * w - w * 0.6])} ${pt(tip)}Q${pt([mid[0] + nx * w * 0.4, mid[1] + ny * w * 0.4])} ${pt(top)}Z`;
  }
  s.path(d, leaf);
}

/** A broad leaf with a midrib and side veins, pointing along `angle` from (x, y). */
function leaf(s: Svg, x: number, y: number, len: number, wid: number, angle: number, fill: string, rib?: string): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) rotate(${fmt(angle)})` }, () => {
    s.path(leafPath(len, wid), fill);
    if (rib) {
      let veins = `M0,0Q${n(len * 0.5)},${n(-wid * 0.1)} ${n(len * 0.94)},0`;
      if (len > 80) {
        for (let k = 1; k < 7; k++) {
          const t = k / 7.5;
          const half = wid * 0.78 * Math.sin(Math.PI * Math.min(1, t + 0.08));
          veins += `M${n(len * t)},0q${n(len * 0.05)},${n(-half * 0.5)} ${n(len * 0.11)},${n(-half)}`;
          veins += `M${n(len * t)},0q${n(len * 0.05)},${n(half * 0.5)} ${n(len * 0.11)},${n(half)}`;
        }
      }
      s.path(veins, 'none', {
        stroke: rib,
        'stroke-width': Math.max(1, wid * 0.035),
        'stroke-opacity': 0.45,
        'stroke-linecap': 'round',
      });
    }
  });
}

/** A fern or palm-like frond: leaflets along a curved rachis, drawn as one path. */
function frond(
  s: Svg,
  x: number,
  y: number,
  len: number,
  angle: number,
  bend: number,
  fill: string,
  leaflets = 11,
): void {
  let d = '';
  const a0 = deg(angle);
  let px = x;
  let py = y;
  for (let i = 0; i < leaflets; i++) {
    const t = i / leaflets;
    const a = a0 + bend * t;
    const step = len / leaflets;
    px += Math.cos(a) * step;
    py += Math.sin(a) * step;
    const ll = len * 0.3 * (1 - t * 0.75);
    for (const side of [-1, 1]) {
      const la = a + side * deg(55);
      const tip: P = [px + Math.cos(la) * ll, py + Math.sin(la) * ll + ll * 0.2];
      const nx = -Math.sin(la) * ll * 0.18;
      const ny = Math.cos(la) * ll * 0.18;
      const mx = (px + tip[0]) / 2;
      const my = (py + tip[1]) / 2;
      d += `M${n(px)},${n(py)}Q${n(mx + nx)},${n(my + ny)} ${pt(tip)}Q${n(mx - nx)},${n(my - ny)} ${n(px)},${n(py)}Z`;
    }
  }
  s.path(d, fill);
  s.path(
    `M${n(x)},${n(y)}Q${n(lerp(x, px, 0.5) + Math.cos(a0) * len * 0.1)},${n(lerp(y, py, 0.5))} ${n(px)},${n(py)}`,
    'none',
    {
      stroke: fill,
      'stroke-width': 2,
    },
  );
}

const DIVER =
  'M73,-4a9,9 0 1,1 -18,0a9,9 0 1,1 18,0Z' +
  'M56,-8C44,-15 20,-15 2,-9C-5,-6 -6,4 0,8C16,12 40,11 54,5C60,2 60,-5 56,-8Z' +
  'M8,-14L46,-16C53,-16 53,-8 46,-8L8,-7C2,-7 2,-14 8,-14Z' +
  'M46,-19L52,-19L52,-14L46,-14Z' +
  'M2,-8C-14,-12 -30,-14 -46,-18L-48,-10C-32,-6 -14,-2 0,1Z' +
  'M0,1C-14,5 -30,9 -44,14L-42,21C-28,15 -12,10 2,8Z' +
  'M-46,-18L-82,-31C-86,-25 -85,-17 -81,-12L-48,-10Z' +
  'M-44,14L-79,21C-81,27 -79,33 -75,35L-42,21Z' +
  'M50,-2C60,2 70,6 80,7L80,12C68,12 58,9 48,5Z' +
  'M78,3L93,4L93,11L78,11Z';

interface DiverOpts {
  color?: string;
  torch?: boolean;
  beam?: number;
  light?: string;
  flip?: boolean;
  opacity?: number;
  bubbles?: Rng;
}

/** A scuba diver silhouette, swimming to the right (or left when flipped), optionally with a torch. */
function diver(s: Svg, x: number, y: number, scale: number, angle: number, o: DiverOpts = {}): void {
  const color = o.color ?? '#07202d';
  const light = o.light ?? '#fff4d2';
  const sx = o.flip ? -scale : scale;
  if (o.bubbles) {
    const a = deg(angle);
    const hx = x + Math.cos(a) * 64 * sx - Math.sin(a) * -10 * scale;
    const hy = y + Math.sin(a) * 64 * sx + Math.cos(a) * -10 * scale;
    const dots: [number, number, number][] = [];
    let by = hy;
    for (let i = 0; i < 7; i++) {
      by -= (10 + i * 6) * scale;
      dots.push([hx + Math.sin(i * 1.7) * 6 * scale, by, (2 + i * 0.7) * scale]);
    }
    s.path(dotsPath(dots), 'none', { stroke: '#e8fffb', 'stroke-width': 1.4, 'stroke-opacity': 0.55 });
  }
  s.group(
    {
      transform: `translate(${n(x)} ${n(y)}) rotate(${fmt(angle)}) scale(${fmt(sx)} ${fmt(scale)})`,
      opacity: o.opacity,
    },
    () => {
      if (o.torch) {
        const L = o.beam ?? 420;
        s.path(
          `M92,5L${n(92 + L)},${n(7 - L * 0.2)}L${n(92 + L)},${n(8 + L * 0.24)}L92,10Z`,
          s.lin(
            [
              [0, light, 0.7],
              [1, light, 0],
            ],
            0,
            0,
            1,
            0,
          ),
          { filter: s.blur(5) },
        );
        s.circle(
          90,
          7.5,
          90,
          s.radBox([
            [0, light, 0.28],
            [1, light, 0],
          ]),
        );
        s.circle(
          94,
          7.5,
          12,
          s.radBox([
            [0, '#ffffff', 1],
            [0.3, light, 0.8],
            [1, light, 0],
          ]),
        );
      }
      s.path(DIVER, color);
    },
  );
}

function fishPath(x: number, y: number, size: number, flip: boolean): string {
  const k = size / 20;
  const f = flip ? -k : k;
  const p = (px: number, py: number): string => `${n(x + px * f)},${n(y + py * k)}`;
  return `M${p(10, 0)}C${p(6, -5)} ${p(-3, -5)} ${p(-7, -1)}L${p(-13, -5)}L${p(-11, 0)}L${p(-13, 5)}L${p(-7, 1)}C${p(-3, 5)} ${p(6, 5)} ${p(10, 0)}Z`;
}

/** A loose school of small fish as one path. */
function school(
  s: Svg,
  rng: Rng,
  cx: number,
  cy: number,
  spread: number,
  count: number,
  size: number,
  fill: string,
  op: number,
): void {
  const flip = rng.chance(0.5);
  let d = '';
  for (let i = 0; i < count; i++) {
    d += fishPath(
      cx + rng.range(-spread, spread),
      cy + rng.range(-spread * 0.4, spread * 0.4),
      size * rng.range(0.7, 1.2),
      flip,
    );
  }
  s.path(d, fill, { opacity: op });
}

/** A soft light beam between two points, widening from w0 to w1. */
function beam(s: Svg, from: P, to: P, w0: number, w1: number, color: string, op: number, blur: number, fade = 1): void {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  const nx = -dy / len;
  const ny = dx / len;
  const d = polyPath([
    [from[0] + (nx * w0) / 2, from[1] + (ny * w0) / 2],
    [to[0] + (nx * w1) / 2, to[1] + (ny * w1) / 2],
    [to[0] - (nx * w1) / 2, to[1] - (ny * w1) / 2],
    [from[0] - (nx * w0) / 2, from[1] - (ny * w0) / 2],
  ]);
  const g = s.lin(
    [
      [0, color, op],
      [0.55 * fade, color, op * 0.45],
      [fade, color, 0],
    ],
    from[0],
    from[1],
    to[0],
    to[1],
    true,
  );
  s.path(d, g, blur ? { filter: s.blur(blur) } : {});
}

function particles(
  s: Svg,
  rng: Rng,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  count: number,
  color: string,
  op: number,
  rMax = 2.4,
): void {
  const dots: [number, number, number][] = [];
  for (let i = 0; i < count; i++) dots.push([rng.range(x0, x1), rng.range(y0, y1), rng.range(0.6, rMax)]);
  s.path(dotsPath(dots), color, { opacity: op });
}

function vignette(s: Svg, op: number, color = '#021019'): void {
  s.rect(
    0,
    0,
    s.w,
    s.h,
    s.rad(
      [
        [0.5, color, 0],
        [1, color, op],
      ],
      s.w / 2,
      s.h / 2,
      s.w * 0.72,
      s.h * 0.82,
    ),
  );
}

/** Hanging roots or vines: gentle curves from a start point down to a length. */
function hangingLines(
  s: Svg,
  rng: Rng,
  starts: readonly P[],
  lenMin: number,
  lenMax: number,
  color: string,
  width: number,
  op: number,
): void {
  let d = '';
  for (const [x, y] of starts) {
    const l = rng.range(lenMin, lenMax);
    const sway = rng.range(-0.12, 0.12) * l;
    d += `M${n(x)},${n(y)}C${n(x + sway)},${n(y + l * 0.3)} ${n(x - sway)},${n(y + l * 0.65)} ${n(x + sway * 0.5)},${n(y + l)}`;
  }
  s.path(d, 'none', { stroke: color, 'stroke-width': width, 'stroke-opacity': op, 'stroke-linecap': 'round' });
}

/** A cave guideline with small line arrows, thinning into the distance. */
function guideline(s: Svg, pts: readonly P[], width: number, color = '#f4efe1', op = 0.85): void {
  for (let i = 0; i < pts.length - 1; i++) {
    const a = at(pts, i);
    const b = at(pts, i + 1);
    const w = lerp(width, width * 0.35, i / Math.max(1, pts.length - 1));
    const mid: P = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2 + Math.hypot(b[0] - a[0], b[1] - a[1]) * 0.04];
    s.path(`M${pt(a)}Q${pt(mid)} ${pt(b)}`, 'none', { stroke: color, 'stroke-width': w, 'stroke-opacity': op });
    if (i % 2 === 0) {
      const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const c: P = [lerp(a[0], b[0], 0.5), lerp(a[1], b[1], 0.5) + Math.hypot(b[0] - a[0], b[1] - a[1]) * 0.02];
      const sz = w * 4;
      const tip: P = [c[0] + Math.cos(ang) * sz, c[1] + Math.sin(ang) * sz];
      const l: P = [
        c[0] - Math.cos(ang) * sz + Math.sin(ang) * sz * 0.7,
        c[1] - Math.sin(ang) * sz - Math.cos(ang) * sz * 0.7,
      ];
      const r: P = [
        c[0] - Math.cos(ang) * sz - Math.sin(ang) * sz * 0.7,
        c[1] - Math.sin(ang) * sz + Math.cos(ang) * sz * 0.7,
      ];
      s.path(polyPath([tip, l, r]), '#f2c14e', { opacity: op });
    }
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: cross-section of a cenote (sky, jungle, limestone, cavern, water)                          */
/* ------------------------------------------------------------------------------------------------ */

interface CrossOpts {
  W: number;
  H: number;
  k?: number; // detail scale
  groundY: number;
  cx: number;
  openW: number; // 0: the cave roof is still intact
  roofY?: number; // top of the cave when closed
  chamberW: number;
  chamberShift?: number;
  bottomY: number;
  waterY: number;
  sunAngle: number; // beam tilt in degrees (+ leans right going down)
  beams: number;
  divers: number;
  tunnels: number;
  debris: boolean;
  warmth: number;
  stalactites: number;
  roots: number;
  fish?: number;
  cracks?: boolean;
  falling?: boolean;
  palms?: number;
  halocline?: boolean;
  sky?: boolean;
  dim?: number; // 0: cavern well lit by the opening .. 1: dark
}

const ROCK = ['#f1dfb6', '#e6cb9a', '#d9b781', '#cba26b', '#b78c5b', '#9c764e', '#7f5f42', '#604734'];

function crossSection(s: Svg, rng: Rng, o: CrossOpts): void {
  const { W, H, groundY: gy, cx } = o;
  const k = o.k ?? W / 1600;
  const wy = o.waterY;
  const by = o.bottomY;
  const warm = o.warmth;
  const light = mix('#eefff9', '#fff0c4', warm);
  const open = o.openW > 0;
  const ow = o.openW / 2;
  const ccx = cx + (o.chamberShift ?? 0);
  const hw = o.chamberW / 2;
  const tanA = Math.tan(deg(o.sunAngle));

  // Sky and sun
  if (o.sky !== false) {
    s.rect(
      -10,
      -10,
      W + 20,
      gy + 40,
      s.lin([
        [0, mix('#5fb9d3', '#e59b6a', warm * 0.75)],
        [0.55, mix('#bfe9e6', '#f6cf98', warm)],
        [1, mix('#eefaf0', '#fff0d2', warm)],
      ]),
    );
    const sunX = clamp(cx - Math.sin(deg(o.sunAngle)) * W * 1.2, W * 0.08, W * 0.92);
    const sr = Math.max(gy * 1.4, 300 * k);
    s.circle(
      sunX,
      gy * 0.28,
      sr,
      s.rad(
        [
          [0, '#ffffff', 0.95],
          [0.12, light, 0.7],
          [1, light, 0],
        ],
        sunX,
        gy * 0.28,
        sr,
      ),
    );
  }
  // Far and middle jungle, spanning the whole width (seen through the gap above the opening)
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 8,
    (x) => (95 + 35 * Math.sin(x * 0.004 + ph) + 20 * Math.sin(x * 0.013 + ph * 2)) * k,
    22 * k,
    40 * k,
    s.lin([
      [0, mix('#8fc2a0', '#b7c98f', warm * 0.7)],
      [1, mix('#6aa383', '#8fae72', warm * 0.7)],
    ]),
  );
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 8,
    (x) => (50 + 25 * Math.sin(x * 0.006 + ph * 3)) * k,
    16 * k,
    30 * k,
    s.lin([
      [0, mix('#4e9a63', '#6d9c4e', warm * 0.6)],
      [1, '#2f6a45'],
    ]),
  );

  // Limestone strata
  const bandCount = ROCK.length;
  for (let i = 0; i < bandCount; i++) {
    const y = gy + (H - gy) * Math.pow(i / bandCount, 1.1) + (i ? rng.range(-8, 8) * k : 0);
    const wave = wavePoints(
      -20,
      W + 20,
      y,
      i ? rng.range(4, 12) * k : 2 * k,
      rng.range(0.004, 0.009) / k,
      rng.range(0, TAU),
      k < 0.8 ? 9 : 14,
    );
    s.path(
      smoothPath(wave, false) + `L${n(W + 20)},${n(H + 20)}L-20,${n(H + 20)}Z`,
      at(ROCK, i),
      i ? { stroke: '#5a4330', 'stroke-width': 1.5 * k, 'stroke-opacity': 0.18 } : {},
    );
  }
  // Pores and fossil flecks in the rock
  const pores: [number, number, number][] = [];
  for (let i = 0; i < (k < 0.6 ? 0 : Math.round(40 * k * k)); i++)
    pores.push([rng.range(0, W), rng.range(gy + 30 * k, H), rng.range(1.5, 4.5) * k]);
  if (pores.length) s.path(dotsPath(pores), '#4a3626', { opacity: 0.13 });
  // Depth shading over the rock
  s.rect(
    -10,
    gy,
    W + 20,
    H - gy + 10,
    s.lin([
      [0, '#3b2a1d', 0],
      [1, '#2a1d14', 0.35],
    ]),
  );

  // Flooded side passages
  for (let t = 0; t < o.tunnels; t++) {
    const side = t % 2 === 0 ? rng.sign() : -1 * (t % 4 === 1 ? 1 : -1);
    const y = rng.range(lerp(wy, by, 0.3), lerp(wy, by, 0.75));
    const th = rng.range(28, 46) * k;
    const x0 = ccx + side * hw * 0.8;
    const x1 = side > 0 ? W + 30 : -30;
    const top: P[] = [];
    const bot: P[] = [];
    for (let i = 0; i <= 8; i++) {
      const x = lerp(x0, x1, i / 8);
      const yy = y + Math.sin(i * 1.3 + t) * 14 * k + (i / 8) * rng.range(-20, 20) * k;
      const hh = th * (1 - i * 0.04) + rng.range(-5, 5) * k;
      top.push([x, yy - hh / 2]);
      bot.unshift([x, yy + hh / 2]);
    }
    s.path(
      smoothPath(top, false) + smoothPath(bot, false).replace(/^M/, 'L') + 'Z',
      s.lin(
        [
          [0, '#138a97'],
          [0.5, '#0b5670'],
          [1, '#06263c'],
        ],
        x0,
        0,
        x1,
        0,
        true,
      ),
    );
    guideline(
      s,
      [
        [x0 - side * 40 * k, y + th * 0.25],
        [lerp(x0, x1, 0.35), y + th * 0.15],
        [lerp(x0, x1, 0.7), y + th * 0.2],
        [x1, y + th * 0.1],
      ],
      1.6 * k,
      '#f4efe1',
      0.6,
    );
  }

  // The cavity
  const r = (): number => rng.range(-1, 1);
  let pts: P[];
  let ceiling: [P, P][];
  if (open) {
    pts = [
      [cx - ow, gy],
      [lerp(cx - ow, ccx - hw, 0.5), lerp(gy, wy, 0.22) + r() * 8 * k],
      [ccx - hw * 0.97, lerp(gy, wy, 0.78)],
      [ccx - hw + r() * 20 * k, lerp(wy, by, 0.35)],
      [ccx - hw * 0.78, lerp(wy, by, 0.86)],
      [ccx - hw * 0.3, by + r() * 8 * k],
      [ccx + hw * 0.2, by + r() * 8 * k],
      [ccx + hw * 0.76, lerp(wy, by, 0.84)],
      [ccx + hw * 0.99 + r() * 20 * k, lerp(wy, by, 0.3)],
      [ccx + hw * 0.96, lerp(gy, wy, 0.74)],
      [lerp(cx + ow, ccx + hw, 0.5), lerp(gy, wy, 0.24) + r() * 8 * k],
      [cx + ow, gy],
    ];
    ceiling = [
      [at(pts, 0), at(pts, 1)],
      [at(pts, 1), [lerp(at(pts, 1)[0], at(pts, 2)[0], 0.4), lerp(at(pts, 1)[1], at(pts, 2)[1], 0.4)]],
      [at(pts, 11), at(pts, 10)],
      [at(pts, 10), [lerp(at(pts, 10)[0], at(pts, 9)[0], 0.4), lerp(at(pts, 10)[1], at(pts, 9)[1], 0.4)]],
    ];
  } else {
    const top = o.roofY ?? gy + 150 * k;
    const midY = (top + by) / 2;
    const halfH = (by - top) / 2;
    pts = [];
    for (let i = 0; i < 12; i++) {
      const a = -Math.PI / 2 + (i / 12) * TAU;
      const j = 1 + rng.range(-0.05, 0.05);
      pts.push([ccx + Math.cos(a) * hw * j, midY + Math.sin(a) * halfH * j * (Math.sin(a) < 0 ? 1 : 0.95)]);
    }
    ceiling = [];
    for (let i = 0; i < 12; i++) {
      const a = at(pts, i);
      const b = at(pts, (i + 1) % 12);
      if (a[1] < midY - halfH * 0.4 && b[1] < midY - halfH * 0.4) ceiling.push([a, b]);
    }
  }
  const outline = smoothPath(pts, !open);
  const cavity = open ? outline + 'Z' : outline;
  const topY = open ? gy : (o.roofY ?? gy);
  const airTop = Math.min(wy, topY);
  const sunOnWater: P = [cx + tanA * (wy - gy), wy];

  s.group({ 'clip-path': s.clip(cavity) }, () => {
    // air inside the cavern
    s.rect(
      -10,
      topY - 20,
      W + 20,
      H,
      s.rad(
        [
          [0, open ? mix('#f0dcb2', '#f6d49c', warm) : '#6b5a48'],
          [0.35, open ? mix('#a2825e', '#a97f55', warm) : '#3b3129'],
          [1, '#241c17'],
        ],
        cx,
        topY,
        (hw * 1.3 + (wy - airTop) * 0.5) * (1 - (o.dim ?? 0) * 0.55),
        ((wy - airTop) * 1.4 + 60 * k) * (1 - (o.dim ?? 0) * 0.45),
      ),
    );
    // the far rim of the opening, seen through the cut: a strip of ground with bushes and vines
    if (open) {
      s.rect(cx - ow - 10, gy - 2, o.openW + 20, 16 * k, '#8a6a48');
      treeLine(s, rng, cx - ow, cx + ow, gy + 10 * k, () => 8 * k, 9 * k, 16 * k, '#3f7d4a');
      const vines: P[] = [];
      for (let i = 0; i < 7; i++) vines.push([cx + rng.range(-0.9, 0.9) * ow, gy + 10 * k]);
      if (k >= 0.6) hangingLines(s, rng, vines, 20 * k, (wy - gy) * 0.35, '#3f7d4a', 2.5 * k, 0.7);
    }
    // the far wall of the cavern: faint ledges following the dome
    let arcs = '';
    for (let i = 1; i <= 6; i++) {
      const rx = hw * (0.2 + i * 0.14) + rng.range(-20, 20) * k;
      const ry = (wy - topY) * (0.15 + i * 0.2);
      arcs += `M${n(ccx - rx)},${n(wy)}A${n(rx)},${n(ry)} 0 0,1 ${n(ccx + rx)},${n(wy)}`;
    }
    s.path(arcs, 'none', { stroke: '#2a1d14', 'stroke-width': 3 * k, 'stroke-opacity': 0.13 });
    // stalactites under the overhang
    const segLen = ceiling.map(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]));
    const total = segLen.reduce((x, y) => x + y, 0);
    let drips = '';
    for (let i = 0; i < o.stalactites; i++) {
      let pick = rng.range(0, total);
      let seg = 0;
      while (seg < ceiling.length - 1 && pick > at(segLen, seg)) pick -= at(segLen, seg++);
      const [a, b] = at(ceiling, seg);
      const t = rng.range(0.05, 0.95);
      const x = lerp(a[0], b[0], t);
      const y = lerp(a[1], b[1], t) - 10 * k;
      const l = rng.range(18, 75) * k * (rng.chance(0.2) ? 1.6 : 1);
      drips += dripPath(x, y, rng.range(8, 20) * k, Math.min(l, wy - y - 4 * k));
    }
    s.path(
      drips,
      s.lin(
        [
          [0, '#c9a47a'],
          [1, '#5b4533'],
        ],
        0,
        topY,
        0,
        wy,
        true,
      ),
    );
    // water
    s.rect(
      -10,
      wy,
      W + 20,
      H - wy + 20,
      s.lin(
        [
          [0, '#74e8dc'],
          [0.07, '#2fc4c3'],
          [0.45, '#0f8596'],
          [1, '#06304c'],
        ],
        0,
        wy,
        0,
        by,
        true,
      ),
    );
    if (o.halocline) {
      const hy = lerp(wy, by, 0.55);
      s.path(
        smoothPath(wavePoints(-10, W + 10, hy, 6 * k, 0.02 / k, 1, 24), false) + `L${W + 10},${H + 10}L-10,${H + 10}Z`,
        '#08305a',
        { opacity: 0.35 },
      );
      s.path(smoothPath(wavePoints(-10, W + 10, hy, 6 * k, 0.02 / k, 1, 24), false), 'none', {
        stroke: '#bdf5f0',
        'stroke-width': 8 * k,
        'stroke-opacity': 0.35,
        filter: s.blur(3 * k),
      });
    }
    // debris cone of the collapsed roof
    if (o.debris) {
      const mx = cx + tanA * (by - gy) * 0.6;
      const mw = Math.max(o.openW, 160 * k) * 0.95;
      const mh = (by - wy) * 0.36;
      const mound: P[] = [
        [mx - mw * 1.2, by + 30 * k],
        [mx - mw * 0.6, by - mh * 0.45],
        [mx - mw * 0.15, by - mh * 0.95],
        [mx + mw * 0.25, by - mh],
        [mx + mw * 0.7, by - mh * 0.35],
        [mx + mw * 1.2, by + 30 * k],
      ];
      s.path(
        smoothPath(mound, false) + 'Z',
        s.lin([
          [0, '#7db9a8'],
          [0.5, '#3f7f80'],
          [1, '#15485c'],
        ]),
      );
      let stones = '';
      for (let i = 0; i < Math.round(9 * Math.min(1, k * 1.4)); i++) {
        const sx = mx + rng.range(-mw * 0.8, mw * 0.8);
        const sy = by - mh * (1 - Math.abs(sx - mx) / (mw * 1.1)) * rng.range(0.6, 1.0);
        stones += smoothPath(blobPoints(rng, sx, sy, rng.range(12, 26) * k, rng.range(8, 16) * k, 6, 0.2), true);
      }
      s.path(stones, '#5b9f95', { opacity: 0.75 });
    }
    // falling blocks (a roof giving way)
    if (o.falling) {
      let blocks = '';
      for (let i = 0; i < 6; i++) {
        const bx = ccx + rng.range(-hw * 0.4, hw * 0.4);
        const byy = lerp(topY, wy, rng.range(0.3, 0.95));
        blocks += smoothPath(blobPoints(rng, bx, byy, rng.range(8, 18) * k, rng.range(6, 12) * k, 5, 0.3), true);
      }
      s.path(blocks, '#b08a5e');
    }
    // light
    if (open) {
      for (let i = 0; i < o.beams; i++) {
        const x = cx + rng.range(-ow * 0.7, ow * 0.7);
        const w0 = rng.range(0.12, 0.32) * o.openW;
        const len = (by - gy) * 1.05;
        beam(
          s,
          [x, gy - 5],
          [x + tanA * len, gy + len],
          w0,
          w0 * rng.range(1.3, 2),
          light,
          rng.range(0.35, 0.6),
          7 * k,
        );
      }
      s.ellipse(
        sunOnWater[0],
        wy + 3 * k,
        ow * 1.1,
        9 * k,
        s.radBox([
          [0, '#ffffff', 0.9],
          [1, '#ffffff', 0],
        ]),
      );
      s.ellipse(
        cx + tanA * (by - gy) * 0.9,
        by - 20 * k,
        ow * 1.3,
        40 * k,
        s.radBox([
          [0, light, 0.45],
          [1, light, 0],
        ]),
      );
    }
    // water surface line
    s.rect(-10, wy - 1.5 * k, W + 20, 3 * k, '#e9fffb', { opacity: 0.75 });
    if (o.fish)
      school(s, rng, ccx + rng.range(-hw * 0.4, hw * 0.4), lerp(wy, by, 0.22), 60 * k, o.fish, 9 * k, '#0b4d5c', 0.55);
    for (let i = 0; i < o.divers; i++) {
      const dx = ccx + (lerp(-0.5, 0.5, (i + 0.5) / o.divers) + rng.range(-0.08, 0.08)) * hw;
      const dy = lerp(wy, by, (i % 2 ? 0.62 : 0.36) + rng.range(-0.06, 0.06));
      diver(s, dx, dy, 0.72 * k, rng.range(-14, 14), {
        flip: dx > ccx,
        torch: true,
        beam: 260,
        color: '#062636',
        bubbles: rng,
      });
    }
    // inner shadow along the rock
    if (k >= 0.8) s.path(cavity, 'none', { stroke: '#1d140e', 'stroke-width': 44 * k, 'stroke-opacity': 0.16 });
    s.path(cavity, 'none', { stroke: '#1d140e', 'stroke-width': 16 * k, 'stroke-opacity': 0.28 });
  });
  s.path(outline, 'none', { stroke: '#4b3525', 'stroke-width': 2.2 * k, 'stroke-opacity': 0.55 });

  if (o.cracks) {
    let d = '';
    for (let i = 0; i < 4; i++) {
      let x = ccx + rng.range(-hw * 0.35, hw * 0.35);
      let y = topY + 6 * k;
      d += `M${n(x)},${n(y)}`;
      while (y > gy + 8 * k) {
        y -= rng.range(10, 22) * k;
        x += rng.range(-10, 10) * k;
        d += `L${n(x)},${n(Math.max(y, gy))}`;
      }
    }
    s.path(d, 'none', { stroke: '#3a2a1e', 'stroke-width': 2 * k, 'stroke-opacity': 0.7, 'stroke-linejoin': 'round' });
    s.ellipse(ccx, gy + 4 * k, hw * 0.45, 8 * k, '#6b4d34', { opacity: 0.5 });
  }

  // Soil strip on the surface
  const soil = (x0: number, x1: number): void => {
    if (x1 <= x0) return;
    const top = wavePoints(x0, x1, gy - 2 * k, 2 * k, 0.05 / k, rng.range(0, 6), 10);
    s.path(smoothPath(top, false) + `L${n(x1)},${n(gy + 12 * k)}L${n(x0)},${n(gy + 14 * k)}Z`, '#5c4430');
    s.path(smoothPath(top, false), 'none', { stroke: '#3f7d3c', 'stroke-width': 5 * k });
  };
  if (open) {
    soil(-20, cx - ow + 2 * k);
    soil(cx + ow - 2 * k, W + 20);
  } else soil(-20, W + 20);

  // Roots hanging into the opening
  if (open && o.roots) {
    const starts: P[] = [];
    for (let i = 0; i < o.roots; i++) {
      const side = i % 2 ? 1 : -1;
      starts.push([cx + side * ow - side * rng.range(2, 30) * k, gy + 2 * k]);
    }
    hangingLines(s, rng, starts, (wy - gy) * 0.35, (wy - gy) * 1.02, '#4a3222', 2.2 * k, 0.7);
    const vines: P[] = [];
    for (let i = 0; i < o.roots; i++) vines.push([cx + (i % 2 ? 1 : -1) * (ow - rng.range(0, 20) * k), gy]);
    hangingLines(s, rng, vines, 30 * k, (wy - gy) * 0.5, '#2f7a3d', 3 * k, 0.85);
  }

  // Near jungle on both banks
  const nearFill = s.lin([
    [0, mix('#3f8f4f', '#5c8f3e', warm * 0.5)],
    [1, '#1e4d33'],
  ]);
  const bank = (x0: number, x1: number): void => {
    if (x1 - x0 < 40 * k) return;
    treeLine(s, rng, x0, x1, gy + 6 * k, (x) => (75 + 40 * Math.sin(x * 0.01 + ph)) * k, 20 * k, 38 * k, nearFill);
  };
  if (open) {
    bank(-20, cx - ow - 30 * k);
    bank(cx + ow + 30 * k, W + 20);
  } else {
    bank(-20, W * 0.35);
    bank(W * 0.6, W + 20);
  }
  const palms = o.palms ?? 3;
  for (let i = 0; i < palms; i++) {
    const side = i % 2 ? 1 : -1;
    const edge = open
      ? cx + side * (ow + rng.range(30, 160) * k)
      : W * (side > 0 ? rng.range(0.65, 0.95) : rng.range(0.05, 0.3));
    const px = clamp(edge, 20 * k, W - 20 * k);
    palm(s, rng, px, gy + 6 * k, rng.range(170, 260) * k, -side * rng.range(0.08, 0.25), '#4d3b2b', '#24603a');
  }
  // small bushes leaning over the rim
  if (open) {
    for (const side of [-1, 1]) {
      const ex = cx + side * ow;
      bush(s, rng, ex - side * 34 * k, gy + 4 * k, 30 * k);
      if (k >= 0.6) bush(s, rng, ex - side * 4 * k, gy + 8 * k, 18 * k);
    }
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: looking up inside a flooded cavern toward openings of light                               */
/* ------------------------------------------------------------------------------------------------ */

interface Opening {
  x: number;
  y: number;
  rx: number;
  ry: number;
}

interface CavernOpts {
  openings: Opening[];
  beamTilt: number;
  beamsPer: number;
  warmth: number;
  dark: number; // 0 bright cavern .. 1 deep
  divers: { x: number; y: number; scale: number; angle: number; flip?: boolean; torch?: boolean }[];
  guideline?: P[];
  halocline?: number;
  h2s?: number;
  deadTree?: { x: number; h: number };
  ceilingY: number;
  floorY: number;
  stalactites: number;
  fish?: number;
  roots?: number;
  sand?: boolean;
}

function cavernView(s: Svg, rng: Rng, o: CavernOpts): void {
  const { w: W, h: H } = s;
  const warm = o.warmth;
  const light = mix('#e9fffb', '#fff3cf', warm);
  const top = mix(mix('#58d8d0', '#7fdcc1', warm * 0.5), '#1b7f92', o.dark * 0.6);
  s.rect(
    0,
    0,
    W,
    H,
    s.lin([
      [0, top],
      [0.45, mix('#0f7d93', '#0a4f6c', o.dark)],
      [1, mix('#07324f', '#031826', o.dark)],
    ]),
  );
  for (const op of o.openings) {
    s.ellipse(
      op.x,
      op.y,
      op.rx * 5,
      op.ry * 6,
      s.radBox([
        [0, light, 0.75],
        [0.4, '#7fe9e2', 0.3],
        [1, '#7fe9e2', 0],
      ]),
    );
  }
  // far walls (frame whose hole runs off the top)
  const farCol = mix('#2a7f95', '#16455e', o.dark);
  const farHole = blobPoints(rng, W / 2 + rng.range(-80, 80), H * 0.2, W * 0.4, H * 0.72, 14, 0.1);
  s.path(`M-50,-50H${W + 50}V${H + 50}H-50Z` + smoothPath(farHole, true), farCol, {
    'fill-rule': 'evenodd',
    opacity: 0.75,
  });
  const farEdge = sampleSmooth(farHole, true, 6);
  let farDrips = '';
  for (const p of farEdge) {
    if (p[1] > H * 0.72 && rng.chance(0.35)) farDrips += dripPath(p[0], p[1] + 6, rng.range(8, 18), -rng.range(15, 50));
  }
  s.path(farDrips, farCol, { opacity: 0.75 });

  // beams
  for (const op of o.openings) {
    for (let i = 0; i < o.beamsPer; i++) {
      const a = deg(o.beamTilt + rng.range(-9, 9));
      const len = H * rng.range(0.9, 1.3);
      const from: P = [op.x + rng.range(-op.rx, op.rx) * 0.6, op.y];
      beam(
        s,
        from,
        [from[0] + Math.sin(a) * len, from[1] + Math.cos(a) * len],
        op.rx * rng.range(0.25, 0.6),
        op.rx * rng.range(1.2, 2.6),
        light,
        rng.range(0.22, 0.42),
        10,
      );
    }
  }
  // halocline: a shimmering, blurred layer with bluer salt water below
  if (o.halocline !== undefined) {
    const hy = o.halocline;
    s.path(
      smoothPath(wavePoints(-20, W + 20, hy, 8, 0.01, 1.3, 24), false) + `L${W + 20},${H + 20}L-20,${H + 20}Z`,
      '#0a2f66',
      { opacity: 0.38 },
    );
    for (let i = 0; i < 4; i++) {
      const band = wavePoints(
        -20,
        W + 20,
        hy + (i - 1.5) * 9,
        rng.range(5, 12),
        rng.range(0.008, 0.02),
        rng.range(0, TAU),
        30,
      );
      s.path(smoothPath(band, false), 'none', {
        stroke: i % 2 ? '#c8fff6' : '#7fd8f0',
        'stroke-width': rng.range(6, 16),
        'stroke-opacity': rng.range(0.18, 0.35),
        filter: s.blur(4),
      });
    }
    s.path(smoothPath(wavePoints(-20, W + 20, hy, 8, 0.01, 1.3, 24), false), 'none', {
      stroke: '#e8fffc',
      'stroke-width': 2,
      'stroke-opacity': 0.5,
    });
  }
  // floor
  const floor: P[] = [];
  for (let i = 0; i <= 10; i++)
    floor.push([lerp(-40, W + 40, i / 10), o.floorY + rng.range(-35, 35) - Math.sin((i / 10) * Math.PI) * 30]);
  s.path(
    smoothPath(floor, false) + `L${W + 40},${H + 40}L-40,${H + 40}Z`,
    o.sand
      ? s.lin([
          [0, '#d9d3ae'],
          [0.5, '#8fb3a0'],
          [1, '#2f6f78'],
        ])
      : s.lin([
          [0, mix('#4e9f9c', '#1f5a6a', o.dark)],
          [1, mix('#0b3a4e', '#04182a', o.dark)],
        ]),
  );
  let rubble = '';
  for (let i = 0; i < 10; i++) {
    const x = rng.range(0, W);
    rubble += smoothPath(
      blobPoints(rng, x, o.floorY + rng.range(10, 80), rng.range(20, 60), rng.range(10, 26), 7, 0.2),
      true,
    );
  }
  s.path(rubble, o.sand ? '#6f9c8f' : mix('#2b6f7a', '#0c3346', o.dark), { opacity: 0.6 });
  for (const op of o.openings) {
    const a = deg(o.beamTilt);
    const fx = op.x + Math.tan(a) * (o.floorY - op.y);
    s.ellipse(
      fx,
      o.floorY + 10,
      op.rx * 1.8,
      40,
      s.radBox([
        [0, light, 0.45],
        [1, light, 0],
      ]),
    );
  }
  // dead tree rising through a hydrogen sulfide cloud
  if (o.deadTree) {
    const { x, h } = o.deadTree;
    const baseY = (o.h2s ?? H) + 120;
    let d = '';
    const branch = (x0: number, y0: number, ang: number, len: number, w: number, depth: number): void => {
      const x1 = x0 + Math.cos(ang) * len;
      const y1 = y0 + Math.sin(ang) * len;
      const nx = -Math.sin(ang);
      const ny = Math.cos(ang);
      d += polyPath([
        [x0 + nx * w, y0 + ny * w],
        [x1 + nx * w * 0.55, y1 + ny * w * 0.55],
        [x1 - nx * w * 0.55, y1 - ny * w * 0.55],
        [x0 - nx * w, y0 - ny * w],
      ]);
      if (depth > 0) {
        const count = depth > 2 ? 2 : rng.int(2, 3);
        for (let i = 0; i < count; i++)
          branch(x1, y1, ang + rng.range(-0.75, 0.75), len * rng.range(0.55, 0.78), w * 0.6, depth - 1);
      }
    };
    branch(x, baseY, deg(-90 + rng.range(-4, 4)), h * 0.45, 14, 4);
    branch(x + 10, baseY - h * 0.2, deg(-60), h * 0.3, 8, 3);
    s.path(d, '#1d2a2c', { opacity: 0.92 });
  }
  if (o.h2s !== undefined) {
    const hy = o.h2s;
    const edge = wavePoints(-40, W + 40, hy, 14, 0.006, 2.1, 30);
    const cloud = smoothPath(edge, false) + `L${W + 40},${H + 40}L-40,${H + 40}Z`;
    s.path(cloud, '#eeeadc', { opacity: 0.4, filter: s.blur(30) });
    s.path(
      cloud,
      s.lin(
        [
          [0, '#dcd8c8', 0],
          [0.1, '#d6d0bc', 0.6],
          [0.3, '#a39b84', 0.84],
          [0.65, '#4a453a', 0.96],
          [1, '#2c251b', 1],
        ],
        0,
        hy - 30,
        0,
        H,
        true,
      ),
      { filter: s.blur(10) },
    );
    for (let i = 0; i < 9; i++) {
      s.ellipse(rng.range(0, W), hy + rng.range(-30, 40), rng.range(90, 260), rng.range(8, 20), '#f6efde', {
        opacity: rng.range(0.25, 0.5),
        filter: s.blur(9),
      });
    }
  }
  // mid walls (darker), with formations
  const midCol = mix('#0f4a62', '#0a2c40', o.dark);
  const midHole = blobPoints(rng, W / 2 + rng.range(-60, 60), H * 0.24, W * 0.47, H * 0.7, 16, 0.12);
  s.path(`M-50,-50H${W + 50}V${H + 50}H-50Z` + smoothPath(midHole, true), midCol, { 'fill-rule': 'evenodd' });
  let midDrips = '';
  for (const p of sampleSmooth(midHole, true, 5)) {
    if (p[1] > H * 0.75 && rng.chance(0.3)) midDrips += dripPath(p[0], p[1] + 8, rng.range(10, 26), -rng.range(20, 70));
  }
  s.path(midDrips, midCol);

  // ceiling with openings
  const edge: P[] = [];
  for (let i = 0; i <= 12; i++)
    edge.push([lerp(-60, W + 60, i / 12), o.ceilingY + rng.range(-45, 45) + Math.sin((i / 12) * Math.PI) * -20]);
  let ceil = `M-60,-60L${W + 60},-60` + smoothPath([...edge].reverse(), false).replace(/^M/, 'L') + 'Z';
  const holes: string[] = [];
  for (const op of o.openings) {
    const hole = smoothPath(blobPoints(rng, op.x, op.y, op.rx, op.ry, 12, 0.06), true);
    holes.push(hole);
    ceil += hole;
  }
  const first = o.openings[0];
  const ceilFill = first
    ? s.rad(
        [
          [0, mix('#4fb8b8', '#2f8f9c', o.dark)],
          [0.3, mix('#186a80', '#0e4960', o.dark)],
          [1, mix('#082c40', '#041827', o.dark)],
        ],
        first.x,
        first.y,
        W * 0.7,
        H * 0.6,
      )
    : mix('#0c3a52', '#061c2c', o.dark);
  // bright sky seen through each opening, with leaves at its rim
  for (const op of o.openings) {
    s.ellipse(
      op.x,
      op.y,
      op.rx * 1.2,
      op.ry * 1.3,
      s.radBox([
        [0, '#ffffff'],
        [0.55, light],
        [1, '#a6efe6'],
      ]),
    );
  }
  s.path(ceil, ceilFill, { 'fill-rule': 'evenodd' });
  let drips = '';
  for (const p of sampleSmooth(edge, false, 4)) {
    if (!rng.chance(o.stalactites)) continue;
    const x = p[0] + rng.range(-20, 20);
    const w = rng.range(12, 36);
    const l = rng.range(25, 120) * (rng.chance(0.15) ? 1.8 : 1);
    drips += dripPath(x, p[1] - 14, w, l);
    for (let e = rng.int(0, 2); e > 0; e--)
      drips += dripPath(x + rng.range(-1.5, 1.5) * w, p[1] - 12, w * rng.range(0.25, 0.5), l * rng.range(0.3, 0.8));
  }
  s.path(drips, ceilFill);
  for (const op of o.openings)
    s.ellipse(op.x, op.y, op.rx * 1.3, op.ry * 1.5, light, { opacity: 0.3, filter: s.blur(16) });
  if (o.roots) {
    const starts: P[] = [];
    for (const op of o.openings)
      for (let i = 0; i < o.roots; i++)
        starts.push([op.x + rng.range(-op.rx, op.rx) * 0.9, op.y + rng.range(-op.ry, op.ry) * 0.5]);
    hangingLines(s, rng, starts, 80, 320, '#0a2a33', 2.2, 0.75);
  }
  // near walls
  const nearCol = mix('#072536', '#020d16', o.dark);
  const nearHole = blobPoints(rng, W / 2, H * 0.3, W * 0.56, H * 0.72, 18, 0.1);
  s.path(
    `M-50,-50H${W + 50}V${H + 50}H-50Z` + smoothPath(nearHole, true),
    s.lin(
      [
        [0, nearCol, 0.9],
        [1, nearCol],
      ],
      0,
      0,
      0,
      1,
    ),
    { 'fill-rule': 'evenodd' },
  );
  if (o.fish) school(s, rng, W * rng.range(0.3, 0.7), H * rng.range(0.35, 0.55), 90, o.fish, 10, '#06303f', 0.5);
  for (const d of o.divers) {
    diver(s, d.x, d.y, d.scale, d.angle, { flip: d.flip, torch: d.torch ?? true, beam: 380, light, bubbles: rng });
  }
  if (o.guideline) guideline(s, o.guideline, 3);
  particles(s, rng, 0, 0, W, H, 70, '#dffcf7', 0.22);
  vignette(s, 0.55);
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a dark, decorated cave passage lit by torches (nested frames toward a vanishing point)    */
/* ------------------------------------------------------------------------------------------------ */

/** Shoelace area: positive when the points run clockwise on screen (y down). */
function clockwise(pts: readonly P[]): P[] {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = at(pts, i);
    const q = at(pts, (i + 1) % pts.length);
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a >= 0 ? [...pts] : [...pts].reverse();
}

interface LayerOpts {
  layers: number;
  far: string; // farthest rock colour (hazy)
  near: string; // nearest rock colour (silhouette)
  lit: string; // colour of rock in the light
  spot: P; // where the light is brightest
  spotR: number;
  litPeak?: number; // which depth (0 far .. 1 near) catches most light
  litWidth?: number; // how quickly the light falls off with depth
  rim?: boolean; // a thin light rim under the best-lit layer's formations
  ceil: [number, number]; // ceiling edge height, far and near layer
  floor?: [number, number];
  floorFrom?: number; // only layers at or nearer than this get a floor
  walls?: number; // side wall thickness at the nearest layer
  density: number;
  floorDensity?: number;
  columns: number;
  curtains?: boolean;
  arch?: number; // how much ceilings and floors bow toward the centre (0 flat)
  cx?: number; // centre of the passage
  after?: (i: number, t: number) => void;
}

/**
 * A cave interior as parallax layers: each layer is a ceiling band with stalactites, optionally a floor with
 * stalagmites, side walls and columns. Ceilings and floors bow toward the centre like a passage seen head-on.
 * Far layers are hazy, near layers dark; a radial light picks out the rock.
 */
function caveLayers(s: Svg, rng: Rng, o: LayerOpts): void {
  const { w: W, h: H } = s;
  const cx = o.cx ?? W / 2;
  for (let i = 0; i < o.layers; i++) {
    const t = o.layers > 1 ? i / (o.layers - 1) : 1;
    const sc = lerp(0.4, 1.25, t);
    const base = mix(o.far, o.near, t);
    const la = clamp(1 - Math.abs(t - (o.litPeak ?? 0.3)) * (o.litWidth ?? 1.4), 0.06, 1) * 0.92;
    const fill = s.rad(
      [
        [0, mix(base, o.lit, la)],
        [0.4, mix(base, o.lit, la * 0.45)],
        [1, base],
      ],
      o.spot[0],
      o.spot[1],
      o.spotR * (0.8 + t * 0.6),
      o.spotR * (0.65 + t * 0.45),
    );
    let d = '';
    const amp = lerp(24, 70, t);
    const arch = (o.arch ?? 0.5) * lerp(220, 330, t);
    const lcx = cx + rng.range(-60, 60) * (1 - t);
    const bow = (x: number): number => Math.min(2.2, Math.pow(Math.abs(x - lcx) / (W * lerp(0.28, 0.6, t)), 1.7));
    const cy = lerp(o.ceil[0], o.ceil[1], t);
    const ceilEdge: P[] = [];
    for (let j = 0; j <= 8; j++) {
      const x = lerp(-80, W + 80, j / 8) + rng.range(-50, 50);
      ceilEdge.push([x, cy + rng.range(-amp, amp) + arch * bow(x)]);
    }
    d += smoothPath([[-80, -80], [W + 80, -80], ...[...ceilEdge].reverse()], true);
    const ceilSamples = sampleSmooth(ceilEdge, false, 4);
    const yAt = (samples: readonly P[], x: number): number => {
      let best = at(samples, 0);
      for (const p of samples) if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
      return best[1];
    };
    for (const p of ceilSamples) {
      if (p[0] < -30 || p[0] > W + 30 || !rng.chance(o.density)) continue;
      const x = p[0] + rng.range(-20, 20) * sc;
      const y = yAt(ceilSamples, x);
      if (o.curtains && rng.chance(0.12)) {
        d += curtainPath(rng, x, y, rng.range(40, 90) * sc, rng.range(40, 110) * sc);
        continue;
      }
      const w = rng.range(12, 36) * sc;
      const l = rng.range(30, 150) * sc * (rng.chance(0.15) ? 1.7 : 1);
      d += dripPath(x, y - 16 * sc, w, l + 16 * sc);
      const extra = rng.int(0, 2);
      for (let e = 0; e < extra; e++)
        d += dripPath(x + rng.range(-1.4, 1.4) * w, y - 14 * sc, w * rng.range(0.22, 0.5), l * rng.range(0.3, 0.85));
    }
    let floorSamples: P[] | undefined;
    if (o.floor && t >= (o.floorFrom ?? 0)) {
      const fy = lerp(o.floor[0], o.floor[1], t);
      const edge: P[] = [];
      for (let j = 0; j <= 9; j++) {
        const x = lerp(-80, W + 80, j / 9) + rng.range(-30, 30);
        edge.push([x, fy + rng.range(-amp, amp) * 0.7 - arch * 0.6 * bow(x)]);
      }
      d += smoothPath([...edge, [W + 80, H + 80], [-80, H + 80]], true);
      floorSamples = sampleSmooth(edge, false, 4);
      for (const p of floorSamples) {
        if (p[0] < -30 || p[0] > W + 30 || !rng.chance(o.density * (o.floorDensity ?? 0.6))) continue;
        const w = rng.range(16, 44) * sc;
        d += moundPath(p[0], p[1] + 14 * sc, w, rng.range(14, 80) * sc + 14 * sc);
        if (rng.chance(0.4))
          d += moundPath(p[0] + w * rng.range(0.5, 0.9), p[1] + 12 * sc, w * 0.5, rng.range(10, 40) * sc + 12 * sc);
      }
    }
    if (t > 0.12 && t < 0.8) {
      for (let c = 0; c < o.columns; c++) {
        if (!rng.chance(0.5)) continue;
        const x = cx + rng.sign() * rng.range(0.12, 0.45) * W;
        const y0 = yAt(ceilSamples, x);
        const y1 = floorSamples ? yAt(floorSamples, x) : H + 60;
        if (y1 - y0 < 60) continue;
        d += columnPath(x, y0 - 12, y1 + 14, rng.range(30, 70) * sc);
      }
    }
    if (o.walls && t > 0.45) {
      const thick = o.walls * ((t - 0.45) / 0.55);
      for (const side of [-1, 1]) {
        const inner: P[] = [];
        for (let j = 0; j <= 7; j++) {
          const y = lerp(-80, H + 80, j / 7);
          const x = thick * rng.range(0.3, 1.3) * (0.6 + 0.8 * Math.abs(j / 7 - 0.5));
          inner.push([side < 0 ? x : W - x, y]);
        }
        const outerX = side < 0 ? -80 : W + 80;
        d += smoothPath(clockwise([[outerX, -80], ...inner, [outerX, H + 80]]), true, 0.9);
      }
    }
    if (o.rim && la > 0.6) {
      const glow = s.rad(
        [
          [0, mix(o.lit, '#ffffff', 0.4), 0.75],
          [0.45, o.lit, 0.3],
          [1, o.lit, 0],
        ],
        o.spot[0],
        o.spot[1],
        o.spotR,
        o.spotR * 0.8,
      );
      s.path(d, glow, { transform: 'translate(-2 3)' });
    }
    s.path(d, fill);
    o.after?.(i, t);
  }
}

interface DarkCaveOpts {
  vp: P;
  layers: number;
  far: string;
  near: string;
  lit: string;
  spot: P;
  spotR: number;
  density: number;
  columns: number;
  divers: { x: number; y: number; scale: number; flip?: boolean }[];
  torchFrom?: P; // light held by the viewer (no diver)
  guideline?: boolean;
  farGlow?: boolean;
  water?: string;
  litPeak?: number;
  litWidth?: number;
  rim?: boolean;
}

/** A dark flooded cave passage: parallax layers of formations, divers with torches, a guideline. */
function darkCave(s: Svg, rng: Rng, o: DarkCaveOpts): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, o.water ?? '#15506a'],
        [0.5, '#072636'],
        [1, '#020a12'],
      ],
      o.vp[0],
      o.vp[1],
      W * 0.6,
      H * 0.7,
    ),
  );
  if (o.farGlow)
    s.ellipse(
      o.vp[0],
      o.vp[1],
      260,
      140,
      s.radBox([
        [0, '#d8fff8', 0.55],
        [1, '#6fd6e0', 0],
      ]),
    );
  const drawDivers = (): void => {
    if (o.guideline) {
      const pts: P[] = [];
      const start: P = [W * 0.18, H + 20];
      for (let i = 0; i <= 6; i++) {
        const t = Math.pow(i / 6, 0.75);
        pts.push([
          lerp(start[0], o.vp[0], t) + Math.sin(i * 1.9) * 26 * (1 - t),
          lerp(start[1], o.vp[1] + 50, t) + (i % 2 ? -12 : 8) * (1 - t),
        ]);
      }
      guideline(s, pts, 3.4);
    }
    for (const dv of o.divers) {
      const dir = dv.flip ? -1 : 1;
      const torch: P = [dv.x + dir * 92 * dv.scale, dv.y + 8 * dv.scale];
      const ang = (Math.atan2(o.spot[1] - torch[1], (o.spot[0] - torch[0]) * dir) * 180) / Math.PI;
      const reach = Math.hypot(o.spot[0] - torch[0], o.spot[1] - torch[1]) / dv.scale;
      diver(s, dv.x, dv.y, dv.scale, dv.flip ? -ang : ang, {
        flip: dv.flip,
        torch: true,
        beam: reach * 1.15,
        light: '#fff4d6',
        color: '#020d14',
        bubbles: rng,
      });
    }
  };
  caveLayers(s, rng, {
    layers: o.layers,
    far: o.far,
    near: o.near,
    lit: o.lit,
    spot: o.spot,
    spotR: o.spotR,
    litPeak: o.litPeak,
    litWidth: o.litWidth,
    rim: o.rim,
    ceil: [o.vp[1] - 60, H * 0.04],
    floor: [o.vp[1] + 60, H * 0.96],
    walls: 200,
    arch: 0.8,
    cx: o.vp[0],
    density: o.density,
    columns: o.columns,
    curtains: false,
    after: (i) => {
      if (i === o.layers - 2) drawDivers();
    },
  });
  if (o.torchFrom) {
    beam(s, o.torchFrom, o.spot, 40, o.spotR * 0.7, '#fff4d6', 0.16, 16);
    s.ellipse(
      o.spot[0],
      o.spot[1],
      o.spotR * 0.6,
      o.spotR * 0.45,
      s.radBox([
        [0, '#fff6de', 0.22],
        [1, '#fff6de', 0],
      ]),
    );
  }
  particles(s, rng, 0, 0, W, H, 60, '#e5fbff', 0.18);
  vignette(s, 0.6);
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a dry underground cenote (cave room, hole in the roof, one shaft of light, a pool)        */
/* ------------------------------------------------------------------------------------------------ */

interface DryCaveOpts {
  opening: { x: number; y: number; r: number };
  impact: P;
  warmth: number;
  water: 'turquoise' | 'blue';
  roots: number;
  density: number;
  swimmer?: boolean;
}

/** A dry cave room over an underground pool, lit by one shaft of sun through a hole in the roof. */
function dryCave(s: Svg, rng: Rng, o: DryCaveOpts): void {
  const { w: W, h: H } = s;
  const warm = o.warmth;
  const light = mix('#f4fff8', '#fff0c6', warm);
  const litRock = mix('#c9bfa4', '#e0b47a', warm);
  const [ix, iy] = o.impact;
  const { x: ox, y: oy, r: or } = o.opening;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, mix('#6d5a47', '#7a5a3a', warm)],
        [0.45, '#2a211b'],
        [1, '#0c0a09'],
      ],
      ix,
      iy - H * 0.25,
      W * 0.65,
      H * 0.75,
    ),
  );
  // faint strata on the back wall
  let strata = '';
  for (let i = 0; i < 7; i++)
    strata += smoothPath(wavePoints(-20, W + 20, H * 0.2 + i * 48, 10, 0.006, rng.range(0, TAU), 10), false);
  s.path(strata, 'none', { stroke: '#120d0a', 'stroke-width': 3, 'stroke-opacity': 0.1 });
  // the pool
  const water =
    o.water === 'turquoise'
      ? ['#e8fff8', '#7ff2e2', '#1cbcc0', '#0b6a80', '#062637']
      : ['#eefcff', '#8fdcf5', '#2392c6', '#0c4b7c', '#05213a'];
  const poolTop = iy - H * 0.07;
  const pool: P[] = [
    [-60, poolTop + 20],
    [W * 0.25, poolTop - 6],
    [W * 0.6, poolTop + 4],
    [W + 60, poolTop + 16],
    [W + 60, H + 60],
    [-60, H + 60],
  ];
  s.path(
    smoothPath(pool, true, 0.6),
    s.rad(
      [
        [0, at(water, 0)],
        [0.1, at(water, 1)],
        [0.35, at(water, 2)],
        [0.7, at(water, 3)],
        [1, at(water, 4)],
      ],
      ix,
      iy,
      W * 0.55,
      H * 0.3,
    ),
  );
  let sub = '';
  for (let i = 0; i < 6; i++)
    sub += smoothPath(
      blobPoints(
        rng,
        ix + rng.range(-W * 0.4, W * 0.4),
        iy + rng.range(H * 0.04, H * 0.2),
        rng.range(40, 110),
        rng.range(10, 24),
        7,
        0.2,
      ),
      true,
    );
  s.path(sub, '#04283a', { opacity: 0.3 });
  // reflection of the light and ripples
  s.ellipse(
    ix,
    iy + H * 0.12,
    or * 0.7,
    H * 0.12,
    s.radBox([
      [0, light, 0.35],
      [1, light, 0],
    ]),
  );
  let rip = '';
  for (let i = 1; i <= 3; i++) rip += ellipsePath(ix, iy + 4, or * (1.2 + i * 0.9), or * (0.16 + i * 0.11));
  s.path(rip, 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.3 });
  if (o.swimmer) {
    const sx = ix + rng.range(0.2, 0.3) * W * rng.sign();
    s.ellipse(sx, iy + H * 0.08 + 6, 46, 8, 'none', { stroke: '#e9fffb', 'stroke-opacity': 0.45, 'stroke-width': 2 });
    s.path('M-16,0C-16,-14 16,-14 16,0Z', '#0b0f12', { transform: `translate(${n(sx)} ${n(iy + H * 0.08)})` });
  }
  // rocks along the far shore, with their reflections
  let shore = '';
  let refl = '';
  for (let x = -40; x < W + 40; x += rng.range(50, 140)) {
    const w = rng.range(40, 130);
    const h = rng.range(8, 30);
    shore += moundPath(x, poolTop + 6, w, h);
    refl += moundPath(x, poolTop + 6, w, -h * 0.8);
  }
  s.path(refl, '#041a26', { opacity: 0.35 });
  s.path(shore, '#120e0b');
  // cave ceiling, walls and ledges
  caveLayers(s, rng, {
    layers: 4,
    far: mix('#4a3a2e', '#3d3530', 1 - warm),
    near: '#070504',
    lit: litRock,
    spot: [ix, iy - H * 0.3],
    spotR: W * 0.34,
    litPeak: 0.15,
    ceil: [H * 0.54, H * 0.06],
    floor: [H * 0.9, H * 0.97],
    floorFrom: 0.6,
    floorDensity: 0.25,
    walls: 260,
    arch: 0.45,
    cx: ix,
    density: o.density,
    columns: 0,
    curtains: false,
  });
  // hole in the roof: sky and leaves, a halo of light on the rock around it
  s.ellipse(
    ox,
    oy,
    or * 3.2,
    or * 2.2,
    s.radBox([
      [0, light, 0.5],
      [1, light, 0],
    ]),
  );
  const holePts = blobPoints(rng, ox, oy, or, or * 0.6, 10, 0.08);
  const hole = smoothPath(holePts, true);
  s.path(
    hole,
    s.radBox([
      [0, '#ffffff'],
      [0.45, light],
      [1, mix('#bfe8e0', '#e9e2b0', warm)],
    ]),
  );
  s.group({ 'clip-path': s.clip(hole) }, () => {
    s.path(hole, 'none', { stroke: '#5f8f46', 'stroke-width': or * 0.34, 'stroke-opacity': 0.55 });
    s.path(hole, 'none', { stroke: '#2f5f34', 'stroke-width': or * 0.12, 'stroke-opacity': 0.6 });
  });
  s.path(hole, 'none', { stroke: light, 'stroke-width': 4, 'stroke-opacity': 0.5 });
  // the shaft of light
  beam(s, [ox, oy], [ix, iy], or * 1.3, or * 2.8, light, 0.4, 18, 1);
  beam(s, [ox, oy], [ix, iy], or * 0.6, or * 1.4, '#ffffff', 0.5, 6, 1);
  s.ellipse(
    ix,
    iy,
    or * 2.6,
    or * 0.45,
    s.radBox([
      [0, '#ffffff', 0.9],
      [0.4, light, 0.5],
      [1, light, 0],
    ]),
  );
  // roots hanging from the rim of the hole, a few reaching the water
  const starts: P[] = [];
  for (let i = 0; i < o.roots; i++) {
    const a = rng.range(0.15, Math.PI - 0.15);
    const r = rng.range(0.95, 1.6);
    starts.push([ox + Math.cos(a) * or * r, oy + Math.sin(a) * or * 0.6 * r]);
  }
  hangingLines(s, rng, starts, (poolTop - oy) * 0.2, (poolTop - oy) * 1.05, '#1a120d', 1.8, 0.7);
  const motes: [number, number, number][] = [];
  for (let i = 0; i < 40; i++) {
    const t = rng.next();
    motes.push([lerp(ox, ix, t) + rng.range(-1, 1) * or * (0.6 + t), lerp(oy, iy, t), rng.range(0.8, 2.4)]);
  }
  s.path(dotsPath(motes), '#fffbe8', { opacity: 0.5 });
  vignette(s, 0.5, '#000000');
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: an open cenote seen from above (jungle canopy, rock ring, sunlit pool)                    */
/* ------------------------------------------------------------------------------------------------ */

interface TopOpts {
  cx: number;
  cy: number;
  r: number;
  rim: number;
  jitter: number;
  lily: number;
  swimmers: number;
  fish: number;
  platform: boolean;
  cave: boolean;
  sun: P; // unit vector toward the light
  warmth: number;
}

const CROWNS = ['#2e7a45', '#3f8f4a', '#56a152', '#2a6b46', '#6aae58', '#36804f'];

function crowns(s: Svg, rng: Rng, list: readonly [number, number, number, string][], sun: P): void {
  let shadow = '';
  for (const [x, y, r] of list) shadow += ellipsePath(x - sun[0] * r * 0.3, y - sun[1] * r * 0.3, r * 1.02, r * 0.98);
  s.path(shadow, '#0b2416', { opacity: 0.35 });
  for (const [x, y, r, c] of list) {
    const g = s.radBox(
      [
        [0, mix(c, '#e9f7b8', 0.35)],
        [0.6, c],
        [1, mix(c, '#0f2e1c', 0.35)],
      ],
      0.5 + sun[0] * 0.18,
      0.5 + sun[1] * 0.18,
      0.62,
    );
    s.circle(x, y, r, g);
    if (r > 30) {
      const a = rng.range(0, TAU);
      s.circle(x + Math.cos(a) * r * 0.45, y + Math.sin(a) * r * 0.45, r * 0.55, g);
    }
  }
}

function topDown(s: Svg, rng: Rng, o: TopOpts): void {
  const { w: W, h: H } = s;
  const sun = o.sun;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#2f6e3f'],
        [1, '#1d4a2e'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  // rock ring and pool outlines
  const ring = blobPoints(rng, o.cx, o.cy, o.r + o.rim, (o.r + o.rim) * 0.96, 14, o.jitter);
  const poolPts = ring.map(([x, y]): P => [
    o.cx + (x - o.cx) * (o.r / (o.r + o.rim)) + rng.range(-8, 8),
    o.cy + (y - o.cy) * (o.r / (o.r + o.rim)) + rng.range(-8, 8),
  ]);
  const pool = smoothPath(poolPts, true);
  // canopy around
  const list: [number, number, number, string][] = [];
  for (let i = 0; i < 260 && list.length < 95; i++) {
    const x = rng.range(-40, W + 40);
    const y = rng.range(-40, H + 40);
    const r = rng.range(38, 84);
    const dist = Math.hypot((x - o.cx) / 1, (y - o.cy) / 0.96);
    if (dist < o.r + o.rim + r * 0.25) continue;
    list.push([x, y, r, rng.pick(CROWNS)]);
  }
  list.sort((a, b) => a[1] - b[1]);
  crowns(s, rng, list, sun);
  // rock ring
  const R = o.r + o.rim;
  s.path(
    smoothPath(ring, true),
    s.rad(
      [
        [o.r / R - 0.02, '#5c4634'],
        [o.r / R + 0.06, '#9c7a55'],
        [0.86, '#d8bd8c'],
        [1, '#efe0bc'],
      ],
      o.cx,
      o.cy,
      R * 1.02,
      R,
    ),
  );
  for (let i = 1; i <= 3; i++) {
    const f = lerp(o.r / R, 1, i / 4);
    const ledge = ring.map(([x, y]): P => [
      o.cx + (x - o.cx) * f + rng.range(-5, 5),
      o.cy + (y - o.cy) * f + rng.range(-5, 5),
    ]);
    s.path(smoothPath(ledge, true), 'none', { stroke: '#6b5038', 'stroke-width': 2.5, 'stroke-opacity': 0.22 });
  }
  // rim shadow cast by the sun side
  s.group({ 'clip-path': s.clip(smoothPath(ring, true)) }, () => {
    s.path(
      `M-50,-50H${W + 50}V${H + 50}H-50Z` +
        smoothPath(
          ring.map(([x, y]): P => [x - sun[0] * o.rim * 0.6, y - sun[1] * o.rim * 0.6]),
          true,
        ),
      '#2a1e14',
      {
        'fill-rule': 'evenodd',
        opacity: 0.35,
        filter: s.blur(10),
      },
    );
  });
  // water
  s.path(
    pool,
    s.rad(
      [
        [0, '#a8f5ea'],
        [0.3, '#4fdcd2'],
        [0.7, '#17aab3'],
        [1, '#0b6f80'],
      ],
      o.cx + sun[0] * o.r * 0.2,
      o.cy + sun[1] * o.r * 0.2,
      o.r * 1.05,
      o.r,
    ),
  );
  s.group({ 'clip-path': s.clip(pool) }, () => {
    let rocks = '';
    for (let i = 0; i < 7; i++) {
      const a = rng.range(0, TAU);
      const d = rng.range(0.3, 0.85) * o.r;
      rocks += smoothPath(
        blobPoints(rng, o.cx + Math.cos(a) * d, o.cy + Math.sin(a) * d, rng.range(20, 55), rng.range(15, 40), 7, 0.25),
        true,
      );
    }
    s.path(rocks, '#e7f0c9', { opacity: 0.22 });
    if (o.cave) {
      const a = Math.atan2(sun[1], sun[0]) + Math.PI + rng.range(-0.6, 0.6);
      s.ellipse(o.cx + Math.cos(a) * o.r * 0.8, o.cy + Math.sin(a) * o.r * 0.8, o.r * 0.45, o.r * 0.3, '#04283c', {
        opacity: 0.75,
        filter: s.blur(16),
        transform: `rotate(${fmt((a * 180) / Math.PI)} ${n(o.cx + Math.cos(a) * o.r * 0.8)} ${n(o.cy + Math.sin(a) * o.r * 0.8)})`,
      });
    }
    // shadow of the rim on the water
    s.path(
      `M-50,-50H${W + 50}V${H + 50}H-50Z` +
        smoothPath(
          poolPts.map(([x, y]): P => [x - sun[0] * o.r * 0.16, y - sun[1] * o.r * 0.16]),
          true,
        ),
      '#03303f',
      {
        'fill-rule': 'evenodd',
        opacity: 0.4,
        filter: s.blur(14),
      },
    );
    // caustic ripples
    let rip = '';
    for (let i = 0; i < 9; i++) {
      const y = o.cy + rng.range(-o.r, o.r) * 0.8;
      const x = o.cx + rng.range(-o.r, o.r) * 0.6;
      const w = rng.range(60, 160);
      rip += `M${n(x - w / 2)},${n(y)}q${n(w / 4)},-8 ${n(w / 2)},0t${n(w / 2)},0`;
    }
    s.path(rip, 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.25 });
    if (o.fish)
      school(
        s,
        rng,
        o.cx + rng.range(-o.r, o.r) * 0.4,
        o.cy + rng.range(-o.r, o.r) * 0.4,
        80,
        o.fish,
        14,
        '#08495a',
        0.45,
      );
    for (let i = 0; i < o.swimmers; i++) {
      const a = rng.range(0, TAU);
      const d = rng.range(0.15, 0.6) * o.r;
      const x = o.cx + Math.cos(a) * d;
      const y = o.cy + Math.sin(a) * d;
      const rot = rng.range(0, 360);
      s.ellipse(x, y, 34, 34, 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.35 });
      s.ellipse(x, y, 52, 52, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, 'stroke-opacity': 0.18 });
      s.group({ transform: `translate(${n(x)} ${n(y)}) rotate(${fmt(rot)})` }, () => {
        s.path(
          'M-20,-4C-8,-8 8,-7 14,-4L14,4C8,7 -8,8 -20,4Z' +
            'M-4,-5L6,-22L10,-20L4,-4ZM-4,5L6,22L10,20L4,4Z' +
            'M-20,-3L-36,-7L-37,-3L-20,0ZM-20,3L-36,7L-37,3L-20,0Z',
          '#1b3440',
        );
        s.circle(20, 0, 7, '#d9a57a');
      });
    }
    for (let i = 0; i < o.lily; i++) {
      const a = rng.range(0, TAU);
      const cx = o.cx + Math.cos(a) * o.r * rng.range(0.6, 0.9);
      const cy = o.cy + Math.sin(a) * o.r * rng.range(0.6, 0.9);
      for (let j = 0; j < rng.int(3, 7); j++) {
        const x = cx + rng.range(-50, 50);
        const y = cy + rng.range(-40, 40);
        const r = rng.range(10, 22);
        const b = rng.range(0, TAU);
        s.path(
          `M${n(x)},${n(y)}L${n(x + Math.cos(b) * r)},${n(y + Math.sin(b) * r)}A${n(r)},${n(r)} 0 1,0 ${n(x + Math.cos(b + 0.5) * r)},${n(y + Math.sin(b + 0.5) * r)}Z`,
          rng.pick(['#4f9a3e', '#5fae47', '#3f8a3a']),
        );
        if (rng.chance(0.25))
          s.circle(x + rng.range(-6, 6), y + rng.range(-6, 6), 6, rng.pick(['#f7d7e6', '#ffffff', '#f3b6cf']));
      }
    }
  });
  s.path(pool, 'none', { stroke: '#f4ecd2', 'stroke-width': 3, 'stroke-opacity': 0.5 });
  if (o.platform) {
    const a = Math.atan2(sun[1], sun[0]) + rng.range(-0.4, 0.4);
    const px = o.cx + Math.cos(a) * (o.r + o.rim * 0.2);
    const py = o.cy + Math.sin(a) * (o.r + o.rim * 0.2);
    const rot = (a * 180) / Math.PI + 90;
    s.group({ transform: `translate(${n(px)} ${n(py)}) rotate(${fmt(rot)})` }, () => {
      s.rect(-70, -20, 140, 70, '#3b2a1c', { opacity: 0.35, transform: 'translate(6 6)' });
      s.rect(-70, -20, 140, 70, '#b98a5a', { rx: 4 });
      let planks = '';
      for (let x = -52; x < 70; x += 18) planks += `M${x},-20V50`;
      s.path(planks, 'none', { stroke: '#7f5a39', 'stroke-width': 2 });
      s.path('M-20,50V95M20,50V95M-20,62H20M-20,76H20M-20,90H20', 'none', { stroke: '#d9d4c8', 'stroke-width': 4 });
    });
  }
  // overhanging crowns on the rim
  const over: [number, number, number, string][] = [];
  for (let i = 0; i < 10; i++) {
    const a = rng.range(0, TAU);
    const d = o.r + o.rim * rng.range(0.55, 1.1);
    over.push([o.cx + Math.cos(a) * d, o.cy + Math.sin(a) * d * 0.96, rng.range(40, 75), rng.pick(CROWNS)]);
  }
  over.sort((a, b) => a[1] - b[1]);
  crowns(s, rng, over, sun);
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#fff6d8', 0.22],
        [0.6, '#fff6d8', 0],
        [1, '#001a10', 0.25],
      ],
      sun[0] < 0 ? 0 : 1,
      0,
      sun[0] < 0 ? 1 : 0,
      1,
    ),
  );
  vignette(s, 0.35, '#06140c');
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: an open cenote at eye level (a round hole in the jungle floor, seen at an angle)          */
/* ------------------------------------------------------------------------------------------------ */

interface ObliqueOpts {
  horizon: number;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  depth: number;
  warmth: number;
  temple?: { x: number; w: number; h: number };
  boardwalk?: boolean;
  lily?: number;
  swimmers?: number;
  vines: number;
  caveMouth?: boolean;
}

/** A flat-bottomed cartoon cloud. */
function cloud(s: Svg, rng: Rng, x: number, y: number, w: number, op: number): void {
  let d = `M${n(x - w / 2)},${n(y)}`;
  let cx = x - w / 2;
  const steps = rng.int(4, 6);
  for (let i = 0; i < steps; i++) {
    const nx = x - w / 2 + (w * (i + 1)) / steps;
    const bump = Math.sin(((i + 0.5) / steps) * Math.PI);
    const ny = i === steps - 1 ? y : y - w * 0.06 * bump;
    const r = ((nx - cx) / 2) * (1.15 + bump * 0.5);
    d += `A${n(r)},${n(r)} 0 0,1 ${n(nx)},${n(ny)}`;
    cx = nx;
  }
  s.path(d + 'Z', '#ffffff', { opacity: op });
}

function sky(s: Svg, rng: Rng, h: number, warmth: number, clouds: number): void {
  const W = s.w;
  s.rect(
    0,
    0,
    W,
    h,
    s.lin([
      [0, mix('#56b6d3', '#e8a36c', warmth * 0.7)],
      [0.65, mix('#bde8ea', '#f8d6a0', warmth)],
      [1, mix('#f0fbf3', '#fff2d8', warmth)],
    ]),
  );
  const sx = W * rng.range(0.2, 0.8);
  s.circle(
    sx,
    h * 0.3,
    h * 0.9,
    s.rad(
      [
        [0, '#ffffff', 0.95],
        [0.1, '#fff7dc', 0.7],
        [1, '#fff7dc', 0],
      ],
      sx,
      h * 0.3,
      h * 0.9,
    ),
  );
  for (let i = 0; i < clouds; i++)
    cloud(s, rng, rng.range(0, W), rng.range(h * 0.15, h * 0.5), rng.range(140, 300), rng.range(0.6, 0.9));
}

/** A stepped Maya pyramid (nine terraces, a central stair, a temple on top), lit from the left. */
function temple(s: Svg, x: number, base: number, w: number, h: number, warmth: number): void {
  const tiers = 9;
  const th = (h * 0.8) / tiers;
  const lit = mix('#e4cfa4', '#f0c990', warmth);
  const side = mix('#a98c66', '#b58a5e', warmth);
  s.ellipse(x, base, w * 0.62, th * 0.8, '#2a4a2a', { opacity: 0.35, filter: s.blur(6) });
  for (let i = 0; i < tiers; i++) {
    const y = base - (i + 1) * th;
    const ww = w * (1 - i * 0.085);
    const top = ww - th * 0.5;
    s.path(
      polyPath([
        [x - ww / 2, y + th],
        [x + ww / 2, y + th],
        [x + top / 2, y + th * 0.2],
        [x - top / 2, y + th * 0.2],
      ]),
      lit,
    );
    s.path(
      polyPath([
        [x + ww * 0.1, y + th],
        [x + ww / 2, y + th],
        [x + top / 2, y + th * 0.2],
        [x + top * 0.1, y + th * 0.2],
      ]),
      side,
      { opacity: 0.6 },
    );
    s.rect(x - top / 2, y, top, th * 0.22, mix(lit, '#ffffff', 0.3));
    s.rect(x - ww / 2, y + th - th * 0.14, ww, th * 0.14, '#6d5638', { opacity: 0.35 });
  }
  const topY = base - tiers * th;
  const sw0 = w * 0.17;
  const sw1 = w * 0.11;
  s.path(
    polyPath([
      [x - sw0 / 2, base],
      [x + sw0 / 2, base],
      [x + sw1 / 2, topY],
      [x - sw1 / 2, topY],
    ]),
    mix(lit, '#ffffff', 0.3),
  );
  s.path(
    polyPath([
      [x, base],
      [x + sw0 / 2, base],
      [x + sw1 / 2, topY],
      [x, topY],
    ]),
    side,
    { opacity: 0.25 },
  );
  let steps = '';
  for (let i = 1; i < 26; i++) {
    const t = i / 26;
    const y = lerp(base, topY, t);
    const hw = lerp(sw0, sw1, t) / 2;
    steps += `M${n(x - hw)},${n(y)}H${n(x + hw)}`;
  }
  s.path(steps, 'none', { stroke: '#8d7250', 'stroke-width': 1.3, 'stroke-opacity': 0.6 });
  s.path(
    `M${n(x - sw0 / 2)},${n(base)}L${n(x - sw1 / 2)},${n(topY)}M${n(x + sw0 / 2)},${n(base)}L${n(x + sw1 / 2)},${n(topY)}`,
    'none',
    { stroke: '#8d7250', 'stroke-width': 3 },
  );
  const tw = w * 0.26;
  const tH = h * 0.2;
  s.rect(x - tw / 2, topY - tH, tw, tH, lit);
  s.rect(x + tw * 0.1, topY - tH, tw * 0.4, tH, side, { opacity: 0.5 });
  s.rect(x - tw / 2 - 6, topY - tH - 8, tw + 12, 10, mix(lit, '#7d6446', 0.25));
  for (const dx of [-0.28, 0, 0.28]) s.rect(x + dx * tw - tw * 0.07, topY - tH * 0.68, tw * 0.14, tH * 0.68, '#3d2f22');
}

/** A low bush on the ground: a few round crowns with a soft shadow. */
function bush(s: Svg, rng: Rng, x: number, y: number, size: number): void {
  s.ellipse(x + size * 0.2, y + size * 0.1, size * 1.3, size * 0.28, '#1c3f22', { opacity: 0.3 });
  let d = '';
  for (let i = 0; i < 4; i++)
    d += ellipsePath(
      x + rng.range(-0.7, 0.7) * size,
      y - rng.range(0.2, 0.6) * size,
      size * rng.range(0.45, 0.7),
      size * rng.range(0.4, 0.55),
    );
  s.path(
    d,
    s.lin([
      [0, rng.pick(['#5aa35a', '#4f9a52', '#6aae58'])],
      [1, '#24603a'],
    ]),
  );
}

/** A plank deck along a centre line, wider where it is nearer the viewer (larger y). */
function deck(s: Svg, centre: readonly P[], width: (y: number) => number): void {
  const pts = sampleSmooth(centre, false, 6);
  pts.push(at(centre, centre.length - 1));
  const left: P[] = [];
  const right: P[] = [];
  const planks: string[] = [];
  pts.forEach((p, i) => {
    const q = at(pts, Math.min(pts.length - 1, i + 1));
    const r = at(pts, Math.max(0, i - 1));
    const dx = q[0] - r[0];
    const dy = q[1] - r[1];
    const len = Math.hypot(dx, dy) || 1;
    const w = width(p[1]) / 2;
    const l: P = [p[0] - (dy / len) * w, p[1] + (dx / len) * w];
    const rr: P = [p[0] + (dy / len) * w, p[1] - (dx / len) * w];
    left.push(l);
    right.push(rr);
    planks.push(`M${pt(l)}L${pt(rr)}`);
  });
  const outline = polyPath([...left, ...[...right].reverse()]);
  s.path(outline, '#2a1d12', { opacity: 0.3, transform: 'translate(6 9)' });
  s.path(
    outline,
    s.lin([
      [0, '#c99a66'],
      [1, '#a97a4c'],
    ]),
  );
  s.path(planks.join(''), 'none', { stroke: '#6e4c30', 'stroke-width': 1.6, 'stroke-opacity': 0.7 });
  let posts = '';
  left.forEach((p, i) => {
    if (i % 2) return;
    const h = width(p[1]) * 0.45;
    posts += `M${pt(p)}v${n(-h)}`;
  });
  s.path(posts, 'none', { stroke: '#5e3f26', 'stroke-width': 3 });
  s.path(
    smoothPath(
      left.map(([x, y]): P => [x, y - width(y) * 0.45]),
      false,
    ),
    'none',
    { stroke: '#7d5737', 'stroke-width': 4 },
  );
  s.path(polyPath(left, false), 'none', { stroke: '#6e4c30', 'stroke-width': 2.5 });
}

function oblique(s: Svg, rng: Rng, o: ObliqueOpts): void {
  const { w: W, h: H } = s;
  const { cx, cy, rx, ry, depth } = o;
  sky(s, rng, o.horizon + 60, o.warmth, 3);
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    o.horizon + 20,
    (x) => 60 + 25 * Math.sin(x * 0.005 + ph),
    18,
    34,
    s.lin([
      [0, '#9cc7a4'],
      [1, '#7cae8c'],
    ]),
  );
  if (o.temple) temple(s, o.temple.x, o.horizon + 26, o.temple.w, o.temple.h, o.warmth);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    o.horizon + 40,
    (x) => 34 + 20 * Math.sin(x * 0.008 + ph * 2),
    16,
    30,
    s.lin([
      [0, '#5c9d5e'],
      [1, '#3d7d4b'],
    ]),
  );
  s.rect(
    -10,
    o.horizon + 38,
    W + 20,
    H,
    s.lin([
      [0, '#7aa653'],
      [0.35, '#578f45'],
      [1, '#2c6236'],
    ]),
  );
  // ground: soft shade patches and scattered bushes, kept clear of the cenote
  let patches = '';
  for (let i = 0; i < 18; i++) {
    const y = rng.range(o.horizon + 60, H);
    const t = (y - o.horizon) / (H - o.horizon);
    patches += ellipsePath(rng.range(0, W), y, rng.range(60, 160) * (0.4 + t), rng.range(6, 16) * (0.4 + t));
  }
  s.path(patches, '#23502c', { opacity: 0.2 });
  const bushes: [number, number][] = [];
  for (let i = 0; i < 60 && bushes.length < 11; i++) {
    const x = rng.range(0, W);
    const y = rng.range(o.horizon + 70, H - 60);
    if (((x - cx) / (rx * 1.35)) ** 2 + ((y - cy) / (ry * 1.6)) ** 2 < 1) continue;
    if (o.boardwalk && x < cx - rx * 0.3 && y > cy - ry) continue;
    bushes.push([x, y]);
  }
  bushes.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of bushes) bush(s, rng, x, y, lerp(10, 46, (y - o.horizon) / (H - o.horizon)));
  // the limestone rim and the hole
  s.ellipse(cx + 12, cy + ry * 0.16, rx * 1.12, ry * 1.26, '#1f3d22', { opacity: 0.3, filter: s.blur(12) });
  s.ellipse(
    cx,
    cy,
    rx * 1.07,
    ry * 1.16,
    s.lin([
      [0, '#f3e6c6'],
      [1, '#c9a877'],
    ]),
  );
  let stones = '';
  for (let i = 0; i < 16; i++) {
    const a = rng.range(0, TAU);
    stones += smoothPath(
      blobPoints(
        rng,
        cx + Math.cos(a) * rx * 1.08,
        cy + Math.sin(a) * ry * 1.17,
        rng.range(10, 26),
        rng.range(6, 12),
        6,
        0.2,
      ),
      true,
    );
  }
  s.path(stones, '#d8c29a');
  const hole = ellipsePath(cx, cy, rx, ry);
  const wy = cy + depth;
  s.group({ 'clip-path': s.clip(hole) }, () => {
    s.rect(
      cx - rx,
      cy - ry,
      rx * 2,
      depth + ry * 2,
      s.lin(
        [
          [0, '#ead4a6'],
          [0.5, '#b58f62'],
          [1, '#4e3a2a'],
        ],
        0,
        cy - ry,
        0,
        wy,
        true,
      ),
    );
    let strata = '';
    for (let i = 1; i < 6; i++) {
      const yy = cy - ry + ((depth + ry) * i) / 6 + rng.range(-4, 4);
      strata += `M${n(cx - rx)},${n(yy + ry)}A${n(rx)},${n(ry)} 0 0,1 ${n(cx + rx)},${n(yy + ry)}`;
    }
    s.path(strata, 'none', { stroke: '#4b3626', 'stroke-width': 3, 'stroke-opacity': 0.16 });
    s.rect(
      cx - rx,
      cy - ry,
      rx * 2,
      depth + ry * 2,
      s.lin(
        [
          [0, '#1d140d', 0.5],
          [0.35, '#1d140d', 0],
          [0.75, '#1d140d', 0],
          [1, '#1d140d', 0.35],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const starts: P[] = [];
    for (let i = 0; i < o.vines; i++) {
      const x = cx + rng.range(-0.92, 0.92) * rx;
      starts.push([x, cy - ry * Math.sqrt(1 - ((x - cx) / rx) ** 2) - 4]);
    }
    hangingLines(s, rng, starts, depth * 0.3, depth * 1.2, '#2f6f38', 4, 0.85);
    hangingLines(
      s,
      rng,
      starts.map(([x, y]): P => [x + 14, y]),
      depth * 0.2,
      depth * 1.0,
      '#4a3323',
      2,
      0.6,
    );
    s.ellipse(
      cx,
      wy,
      rx * 0.99,
      ry,
      s.lin(
        [
          [0, '#0b5f6c'],
          [0.4, '#1aa6ac'],
          [1, '#6fe2d4'],
        ],
        0,
        wy - ry,
        0,
        wy + ry,
        true,
      ),
    );
    // shade from the rim, light glints, lily pads
    s.ellipse(cx - rx * 0.3, wy - ry * 0.45, rx * 0.85, ry * 0.7, '#073845', { opacity: 0.3, filter: s.blur(20) });
    if (o.caveMouth) {
      s.ellipse(cx + rx * 0.3, wy - ry * 0.78, rx * 0.2, ry * 0.22, '#03222f', { opacity: 0.8, filter: s.blur(9) });
      diver(s, cx + rx * 0.12, wy - ry * 0.45, 0.42, -14, { color: '#06303c', opacity: 0.55 });
    }
    let glints = '';
    for (let i = 0; i < 14; i++) {
      const gx = cx + rng.range(-0.7, 0.7) * rx;
      const gy = wy + rng.range(0.05, 0.85) * ry;
      const gw = rng.range(20, 70);
      glints += `M${n(gx - gw / 2)},${n(gy)}h${n(gw)}`;
    }
    s.path(glints, 'none', {
      stroke: '#ffffff',
      'stroke-width': 2.5,
      'stroke-opacity': 0.35,
      'stroke-linecap': 'round',
    });
    let pads = '';
    const flowers: [number, number, number][] = [];
    for (let i = 0; i < (o.lily ?? 0); i++) {
      const lx = cx + rng.range(-0.85, 0.85) * rx;
      const ly = wy + rng.range(-0.5, 0.9) * ry;
      const r = rng.range(12, 26) * lerp(0.7, 1.2, (ly - wy + ry) / (2 * ry));
      const b = rng.range(0, TAU);
      const f = 0.42;
      pads += `M${n(lx)},${n(ly)}L${n(lx + Math.cos(b) * r)},${n(ly + Math.sin(b) * r * f)}A${n(r)},${n(r * f)} 0 1,0 ${n(lx + Math.cos(b + 0.5) * r)},${n(ly + Math.sin(b + 0.5) * r * f)}Z`;
      if (rng.chance(0.3)) flowers.push([lx + rng.range(-5, 5), ly - 3, rng.range(4, 6)]);
    }
    s.path(pads, '#4f9a3e');
    s.path(dotsPath(flowers), '#f7d0e2');
    for (let i = 0; i < (o.swimmers ?? 0); i++) {
      const sx = cx + rng.range(-0.5, 0.5) * rx;
      const sy = wy + rng.range(0.25, 0.8) * ry;
      s.ellipse(sx, sy + 4, 28, 8, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.55, 'stroke-width': 2 });
      s.circle(sx, sy - 2, 7, '#6b4a36');
      s.path(`M${n(sx - 12)},${n(sy + 2)}q12,-6 24,0`, 'none', {
        stroke: rng.pick(['#f2c14e', '#e9735f', '#ffffff']),
        'stroke-width': 4,
        'stroke-linecap': 'round',
      });
    }
    if (o.boardwalk) {
      // stairs down the far wall to a floating deck
      const x0 = cx - rx * 0.62;
      const y0 = cy - ry * 0.8;
      const x1 = cx - rx * 0.18;
      const y1 = wy - ry * 0.78;
      const sw = 50;
      s.path(
        polyPath([
          [x0, y0],
          [x0 + sw, y0],
          [x1 + sw, y1],
          [x1, y1],
        ]),
        '#3a2a1d',
        { opacity: 0.35, transform: 'translate(8 6)' },
      );
      s.path(
        polyPath([
          [x0, y0],
          [x0 + sw, y0],
          [x1 + sw, y1],
          [x1, y1],
        ]),
        '#b4855a',
      );
      let st = '';
      for (let i = 1; i < 14; i++) {
        const t = i / 14;
        st += `M${n(lerp(x0, x1, t))},${n(lerp(y0, y1, t))}h${sw}`;
      }
      s.path(st, 'none', { stroke: '#6e4c30', 'stroke-width': 2 });
      let posts = '';
      for (let i = 0; i <= 6; i++) posts += `M${n(lerp(x0, x1, i / 6) + sw)},${n(lerp(y0, y1, i / 6))}v-28`;
      s.path(posts + `M${n(x0 + sw)},${n(y0 - 28)}L${n(x1 + sw)},${n(y1 - 28)}`, 'none', {
        stroke: '#7d5737',
        'stroke-width': 3,
      });
      s.path(
        polyPath([
          [x1 - 70, y1],
          [x1 + 170, y1],
          [x1 + 150, y1 + 34],
          [x1 - 96, y1 + 34],
        ]),
        '#c08f60',
      );
      s.path(`M${n(x1 - 96)},${n(y1 + 34)}L${n(x1 + 150)},${n(y1 + 34)}`, 'none', {
        stroke: '#6e4c30',
        'stroke-width': 3,
      });
      s.path(
        `M${n(x1 + 60)},${n(y1 + 34)}v30M${n(x1 + 84)},${n(y1 + 34)}v30M${n(x1 + 60)},${n(y1 + 46)}h24M${n(x1 + 60)},${n(y1 + 58)}h24`,
        'none',
        { stroke: '#e9e4da', 'stroke-width': 3, 'stroke-opacity': 0.85 },
      );
    }
  });
  s.path(`M${n(cx - rx)},${n(cy)}A${n(rx)},${n(ry)} 0 0,0 ${n(cx + rx)},${n(cy)}`, 'none', {
    stroke: '#fbf1d8',
    'stroke-width': 5,
    'stroke-opacity': 0.9,
  });
  s.path(`M${n(cx - rx)},${n(cy)}A${n(rx)},${n(ry)} 0 0,1 ${n(cx + rx)},${n(cy)}`, 'none', {
    stroke: '#6b5038',
    'stroke-width': 3,
    'stroke-opacity': 0.5,
  });
  // ferns and bushes along the near rim
  for (let i = 0; i < 5; i++) {
    const a = deg(rng.range(20, 160));
    frond(
      s,
      cx + Math.cos(a) * rx * 1.05,
      cy + Math.sin(a) * ry * 1.12,
      rng.range(50, 90),
      rng.range(-150, -30),
      rng.sign() * 0.5,
      rng.pick(['#2c7040', '#3a8548']),
      8,
    );
  }
  if (o.boardwalk) {
    const path: P[] = [
      [W * 0.2, H + 60],
      [W * 0.22, H * 0.85],
      [cx - rx * 1.02, cy + ry * 0.6],
      [cx - rx * 0.86, cy - ry * 0.5],
      [cx - rx * 0.6, cy - ry * 0.84],
    ];
    deck(s, path, (y) => lerp(46, 130, clamp((y - o.horizon) / (H - o.horizon), 0, 1.2)));
  }
  // foreground vegetation framing the view
  for (const side of [-1, 1]) {
    const bx = side < 0 ? 0 : W;
    treeLine(
      s,
      rng,
      side < 0 ? -20 : W * 0.82,
      side < 0 ? W * 0.18 : W + 20,
      H + 10,
      (x) => 150 - Math.abs(x - bx) * 0.5,
      30,
      55,
      s.lin([
        [0, '#3c8a48'],
        [1, '#17402a'],
      ]),
    );
    palm(
      s,
      rng,
      bx - side * rng.range(60, 150),
      H * 0.9,
      rng.range(380, 470),
      -side * rng.range(0.05, 0.15),
      '#4a3829',
      '#1f5a34',
    );
    for (let i = 0; i < 4; i++)
      frond(
        s,
        bx - side * rng.range(0, 120),
        H + 10,
        rng.range(160, 240),
        side < 0 ? rng.range(-70, -20) : rng.range(-160, -110),
        side * 0.5,
        rng.pick(['#2c7040', '#3a8548', '#24603a']),
      );
  }
}

/* ------------------------------------------------------------------------------------------------ */
/* Scene: mangroves, split above and below the water line                                            */
/* ------------------------------------------------------------------------------------------------ */

/** A filled, tapering band along a cubic Bézier (roots, branches); always clockwise. */
function tapered(p0: P, c1: P, c2: P, p3: P, w0: number, w1: number): string {
  const left: P[] = [];
  const right: P[] = [];
  for (let i = 0; i <= 7; i++) {
    const t = i / 7;
    const u = 1 - t;
    const x = u * u * u * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p3[0];
    const y = u * u * u * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p3[1];
    const dx = 3 * u * u * (c1[0] - p0[0]) + 6 * u * t * (c2[0] - c1[0]) + 3 * t * t * (p3[0] - c2[0]);
    const dy = 3 * u * u * (c1[1] - p0[1]) + 6 * u * t * (c2[1] - c1[1]) + 3 * t * t * (p3[1] - c2[1]);
    const len = Math.hypot(dx, dy) || 1;
    const w = lerp(w0, w1, t) / 2;
    left.push([x - (dy / len) * w, y + (dx / len) * w]);
    right.push([x + (dy / len) * w, y - (dx / len) * w]);
  }
  return polyPath(clockwise([...left, ...right.reverse()]));
}

/** Mangroves seen half above and half below the water line, their prop roots arching into clear water. */
function mangroves(
  s: Svg,
  rng: Rng,
  o: { waterY: number; river: boolean; trees: number; diver: boolean; warmth: number },
): void {
  const { w: W, h: H } = s;
  const wy = o.waterY;
  sky(s, rng, wy + 10, o.warmth, 2);
  const ph = rng.range(0, TAU);
  if (o.river) {
    // banks receding to the horizon on both sides of a river-like cenote
    const vx = W * rng.range(0.45, 0.58);
    treeLine(
      s,
      rng,
      vx + 40,
      W + 20,
      wy,
      (x) => 30 + ((x - vx) / (W - vx)) * 170 + 10 * Math.sin(x * 0.03),
      16,
      30,
      s.lin([
        [0, '#78ad7c'],
        [1, '#4a8a5a'],
      ]),
    );
    treeLine(
      s,
      rng,
      -20,
      vx - 40,
      wy,
      (x) => 30 + ((vx - x) / vx) * 190 + 10 * Math.sin(x * 0.03 + ph),
      16,
      30,
      s.lin([
        [0, '#6aa56e'],
        [1, '#3c7a4e'],
      ]),
    );
    treeLine(s, rng, vx - 90, vx + 90, wy, () => 18, 9, 14, '#9cc7a0');
    s.path(
      polyPath([
        [vx - 60, wy],
        [vx + 60, wy],
        [vx + 90, wy + 1],
        [vx - 90, wy + 1],
      ]),
      '#bfeee6',
    );
  } else {
    treeLine(
      s,
      rng,
      -20,
      W + 20,
      wy,
      (x) => 70 + 30 * Math.sin(x * 0.006 + ph),
      20,
      36,
      s.lin([
        [0, '#7ab27e'],
        [1, '#4d8a5e'],
      ]),
    );
  }
  // water volume, sunbeams, sandy bed
  const bed = (x: number): number => H - 80 - 90 * Math.sin((x / W) * Math.PI * 0.9 + ph) * 0.5;
  s.rect(
    -10,
    wy,
    W + 20,
    H - wy + 10,
    s.lin(
      [
        [0, '#63dcd2'],
        [0.3, '#21aeb4'],
        [0.75, '#0d6f86'],
        [1, '#0a4d68'],
      ],
      0,
      wy,
      0,
      H,
      true,
    ),
  );
  for (let i = 0; i < 6; i++) {
    const x = rng.range(0, W);
    beam(
      s,
      [x, wy],
      [x + rng.range(60, 200), H],
      rng.range(30, 70),
      rng.range(90, 180),
      '#e9fffb',
      rng.range(0.14, 0.26),
      10,
    );
  }
  const bottom: P[] = [];
  for (let i = 0; i <= 10; i++) {
    const x = lerp(-20, W + 20, i / 10);
    bottom.push([x, bed(x) + rng.range(-8, 8)]);
  }
  s.path(
    smoothPath(bottom, false) + `L${W + 20},${H + 10}L-20,${H + 10}Z`,
    s.lin([
      [0, '#c3dfbf'],
      [1, '#6aa89c'],
    ]),
  );
  let grass = '';
  for (let i = 0; i < 50; i++) {
    const x = rng.range(0, W);
    const y = bed(x) + rng.range(6, 40);
    const l = rng.range(20, 55);
    grass += `M${n(x)},${n(y)}q${n(rng.range(-8, 8))},${n(-l / 2)} ${n(rng.range(-10, 10))},${n(-l)}`;
  }
  s.path(grass, 'none', { stroke: '#3d8a6a', 'stroke-width': 3, 'stroke-opacity': 0.7, 'stroke-linecap': 'round' });
  // mangrove trees with prop roots; far ones paler and thinner
  const above = s.clip(`M-20,-20H${W + 20}V${n(wy)}H-20Z`);
  const below = s.clip(`M-20,${n(wy)}H${W + 20}V${H + 20}H-20Z`);
  const order = Array.from({ length: o.trees }, (_, i) => i).sort((a, b) => (a % 2) - (b % 2));
  for (const i of order) {
    const t = o.trees > 1 ? i / (o.trees - 1) : 0.5;
    const near = i % 2 === 1 || o.trees < 3;
    const tx = lerp(W * 0.06, W * 0.94, t) + rng.range(-50, 50);
    const scale = near ? rng.range(1, 1.2) : rng.range(0.62, 0.8);
    const hub = wy - rng.range(110, 150) * scale;
    const crownY = wy - rng.range(210, 260) * scale;
    let roots = '';
    const count = rng.int(8, 11);
    const width = (near ? 11 : 6) * scale;
    for (let j = 0; j < count; j++) {
      const side = j % 2 ? 1 : -1;
      const spread = rng.range(50, 250) * scale;
      const sx = tx + rng.range(-8, 8) * scale;
      const sy = hub + rng.range(-30, 50) * scale;
      const ex = tx + side * spread * rng.range(1.1, 1.5);
      const ey = Math.min(bed(ex) + rng.range(0, 30), wy + rng.range(150, 300));
      const c1: P = [sx + side * spread * 0.55, sy - rng.range(25, 60) * scale];
      const c2: P = [ex - side * spread * 0.15, lerp(sy, ey, 0.1)];
      roots += tapered([sx, sy], c1, c2, [ex, ey], width * rng.range(0.7, 1.1), width * 0.3);
      if (rng.chance(0.35)) {
        const fx = ex + side * rng.range(10, 40) * scale;
        roots += tapered(
          [lerp(c2[0], ex, 0.5), lerp(c2[1], ey, 0.6)],
          [fx, lerp(c2[1], ey, 0.7)],
          [fx, ey - 20],
          [fx + side * 6, ey + 10],
          width * 0.4,
          width * 0.2,
        );
      }
    }
    s.group({ 'clip-path': below }, () => {
      s.path(roots, near ? '#1d4750' : '#3f7d84', { opacity: near ? 0.95 : 0.7, transform: 'translate(5 0)' });
    });
    s.group({ 'clip-path': above }, () => {
      const bark = near ? '#4a3526' : '#7a6a52';
      s.path(roots, bark);
      s.path(
        `M${n(tx - 9 * scale)},${n(hub + 10)}L${n(tx - 5 * scale)},${n(crownY)}L${n(tx + 5 * scale)},${n(crownY)}L${n(tx + 9 * scale)},${n(hub + 10)}Z`,
        bark,
      );
      const cr = 160 * scale;
      let crown = '';
      for (let j = 0; j < 8; j++)
        crown += ellipsePath(
          tx + rng.range(-cr, cr),
          crownY + rng.range(-cr * 0.4, cr * 0.12),
          cr * rng.range(0.32, 0.55),
          cr * rng.range(0.24, 0.38),
        );
      s.path(
        crown,
        near
          ? s.lin([
              [0, '#5aa35a'],
              [1, '#1f5233'],
            ])
          : s.lin([
              [0, '#8fc191'],
              [1, '#5a9468'],
            ]),
      );
      let aerial = '';
      for (let j = 0; j < 4; j++) {
        const ax = tx + rng.range(-cr, cr) * 0.8;
        aerial += `M${n(ax)},${n(crownY + cr * 0.15)}q${n(rng.range(-10, 10))},${n((wy - crownY) * 0.4)} ${n(rng.range(-6, 6))},${n(wy - crownY - cr * 0.1)}`;
      }
      s.path(aerial, 'none', { stroke: bark, 'stroke-width': 2 * scale, 'stroke-opacity': 0.8 });
    });
  }
  // the surface from just below: bright line and ripples
  s.rect(-10, wy - 2, W + 20, 5, '#f2fffd', { opacity: 0.9 });
  s.rect(
    -10,
    wy + 3,
    W + 20,
    24,
    s.lin([
      [0, '#ffffff', 0.45],
      [1, '#ffffff', 0],
    ]),
  );
  let rip = '';
  for (let i = 0; i < 14; i++) {
    const x = rng.range(0, W);
    const y = wy + rng.range(12, 60);
    const w = rng.range(40, 120);
    rip += `M${n(x)},${n(y)}q${n(w / 4)},-5 ${n(w / 2)},0t${n(w / 2)},0`;
  }
  s.path(rip, 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.3 });
  school(s, rng, W * rng.range(0.3, 0.7), lerp(wy, H, 0.4), 110, 16, 14, '#0d4f5e', 0.6);
  school(s, rng, W * rng.range(0.2, 0.8), lerp(wy, H, 0.62), 80, 9, 12, '#e8f5ef', 0.5);
  if (o.diver)
    diver(s, W * rng.range(0.55, 0.68), lerp(wy, H, 0.5), 0.85, rng.range(-8, 8), {
      flip: true,
      torch: false,
      bubbles: rng,
      color: '#0b2c38',
    });
  particles(s, rng, 0, wy + 20, W, H, 40, '#ffffff', 0.22);
}

/* ------------------------------------------------------------------------------------------------ */
/* Individual illustrations                                                                          */
/* ------------------------------------------------------------------------------------------------ */

type Draw = (s: Svg, rng: Rng) => void;

function crossFull(over: Partial<CrossOpts>): Draw {
  return (s, rng) =>
    crossSection(s, rng, {
      W: s.w,
      H: s.h,
      groundY: 300,
      cx: 800,
      openW: 320,
      chamberW: 980,
      bottomY: 860,
      waterY: 520,
      sunAngle: 10,
      beams: 5,
      divers: 1,
      tunnels: 1,
      debris: true,
      warmth: 0.3,
      stalactites: 26,
      roots: 10,
      fish: 8,
      ...over,
    });
}

function aquiferMap(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  const kx = 176;
  const ky = 187;
  const proj = ([lon, lat]: P): P => [(lon + 93.3) * kx, (22.25 - lat) * ky];
  // sea
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#0a4f6e'],
        [0.5, '#0c6e8a'],
        [1, '#0b5a79'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  const coast: P[] = [
    [-94.6, 18.15],
    [-93.5, 18.42],
    [-92.9, 18.55],
    [-92.4, 18.65],
    [-91.85, 18.62],
    [-91.35, 18.75],
    [-91.0, 18.95],
    [-90.75, 19.35],
    [-90.6, 19.75],
    [-90.5, 20.15],
    [-90.45, 20.5],
    [-90.4, 20.85],
    [-90.3, 21.05],
    [-90.0, 21.2],
    [-89.65, 21.3],
    [-89.2, 21.35],
    [-88.7, 21.43],
    [-88.2, 21.6],
    [-87.7, 21.55],
    [-87.25, 21.58],
    [-87.05, 21.55],
    [-86.85, 21.3],
    [-86.8, 21.05],
    [-86.95, 20.8],
    [-87.1, 20.6],
    [-87.3, 20.4],
    [-87.45, 20.2],
    [-87.5, 19.95],
    [-87.45, 19.75],
    [-87.65, 19.55],
    [-87.55, 19.3],
    [-87.7, 19.0],
    [-87.8, 18.6],
    [-87.85, 18.25],
    [-88.1, 18.45],
    [-88.3, 18.5],
    [-88.25, 18.1],
    [-88.3, 17.7],
    [-88.3, 16.5],
    [-94.6, 16.5],
  ];
  const land = coast.map(proj);
  const landD = smoothPath(land, true, 0.6);
  // shallow shelf (Campeche Bank) as a soft glow around the coast
  s.path(landD, '#3fb8b0', { opacity: 0.55, filter: s.blur(55) });
  s.path(landD, '#7fe0d0', { opacity: 0.45, filter: s.blur(18) });
  // graticule
  let grid = '';
  for (let lon = -93; lon <= -85; lon++) grid += `M${n(proj([lon, 0])[0])},0V${H}`;
  for (let lat = 18; lat <= 22; lat++) grid += `M0,${n(proj([0, lat])[1])}H${W}`;
  s.path(grid, 'none', { stroke: '#e8fbf6', 'stroke-width': 1, 'stroke-opacity': 0.12, 'stroke-dasharray': '4 8' });
  // land
  s.path(
    landD,
    s.lin(
      [
        [0, '#d7cf98'],
        [0.35, '#a9c67f'],
        [0.7, '#6ea862'],
        [1, '#3f8a55'],
      ],
      0.1,
      0,
      0.7,
      1,
    ),
  );
  s.group({ 'clip-path': s.clip(landD) }, () => {
    let patches = '';
    for (let i = 0; i < 22; i++) {
      const p = proj([rng.range(-92.5, -87.3), rng.range(17.6, 21.2)]);
      patches += smoothPath(blobPoints(rng, p[0], p[1], rng.range(40, 120), rng.range(25, 70), 8, 0.25), true);
    }
    s.path(patches, '#2f7a4a', { opacity: 0.18 });
    s.path(landD, 'none', { stroke: '#fff8df', 'stroke-width': 10, 'stroke-opacity': 0.35 });
  });
  s.path(landD, 'none', { stroke: '#f6f0d8', 'stroke-width': 2.5, 'stroke-opacity': 0.9 });
  // Laguna de Términos and Cozumel
  const lt = proj([-91.55, 18.6]);
  s.ellipse(lt[0], lt[1], 44, 16, '#3fb8b0', { transform: `rotate(-12 ${n(lt[0])} ${n(lt[1])})` });
  const cz = proj([-86.93, 20.42]);
  s.ellipse(cz[0], cz[1], 30, 11, '#a9c67f', {
    stroke: '#f6f0d8',
    'stroke-width': 2,
    transform: `rotate(-52 ${n(cz[0])} ${n(cz[1])})`,
  });
  // the Chicxulub ring of cenotes
  const c = proj([-89.52, 21.3]);
  const R = 158;
  s.circle(c[0], c[1], R, 'none', {
    stroke: '#ffe3a3',
    'stroke-width': 2,
    'stroke-opacity': 0.4,
    'stroke-dasharray': '2 9',
  });
  s.circle(c[0], c[1], R * 0.55, 'none', {
    stroke: '#ffe3a3',
    'stroke-width': 1.5,
    'stroke-opacity': 0.25,
    'stroke-dasharray': '2 9',
  });
  const ring: [number, number, number][] = [];
  for (let i = 0; i < 54; i++) {
    const a = deg(lerp(-4, 184, i / 53) + rng.range(-1.5, 1.5));
    const rr = R + rng.range(-9, 9);
    ring.push([c[0] + Math.cos(a) * rr, c[1] + Math.sin(a) * rr, rng.range(2.5, 5.5)]);
  }
  s.group({ 'clip-path': s.clip(landD) }, () => {
    s.path(dotsPath(ring.map(([x, y, r]) => [x, y, r * 2.2] as const)), '#6ff5e6', { opacity: 0.28 });
    s.path(dotsPath(ring), '#e9fffb');
  });
  // underground rivers toward the Riviera Maya
  const mouths: P[] = [
    [-87.47, 20.19],
    [-87.3, 20.4],
    [-87.1, 20.6],
    [-87.5, 19.97],
    [-87.2, 20.5],
  ];
  let rivers = '';
  const caves: [number, number, number][] = [];
  for (const m of mouths) {
    const start: P = [m[0] - rng.range(0.6, 1.1), m[1] + rng.range(-0.35, 0.35)];
    const pts: P[] = [];
    for (let i = 0; i <= 5; i++) {
      const t = i / 5;
      pts.push(
        proj([
          lerp(start[0], m[0], t) + (i && i < 5 ? rng.range(-0.06, 0.06) : 0),
          lerp(start[1], m[1], t) + (i && i < 5 ? rng.range(-0.08, 0.08) : 0),
        ]),
      );
    }
    rivers += smoothPath(pts, false);
    for (let i = 1; i < 5; i++) if (rng.chance(0.7)) caves.push([...at(pts, i), rng.range(3, 5)]);
  }
  s.path(rivers, 'none', { stroke: '#5ff0e0', 'stroke-width': 9, 'stroke-opacity': 0.2, 'stroke-linecap': 'round' });
  s.path(rivers, 'none', {
    stroke: '#bffcf3',
    'stroke-width': 2.6,
    'stroke-opacity': 0.85,
    'stroke-linecap': 'round',
    'stroke-dasharray': '10 6',
  });
  s.path(dotsPath(caves.map(([x, y, r]) => [x, y, r * 2.6] as const)), '#6ff5e6', { opacity: 0.25 });
  s.path(dotsPath(caves), '#fff4d0');
  // scattered cenotes elsewhere
  const other: [number, number, number][] = [];
  for (let i = 0; i < 26; i++) {
    const p = proj([rng.range(-90.2, -87.9), rng.range(19.2, 21.0)]);
    other.push([p[0], p[1], rng.range(1.8, 3.2)]);
  }
  s.path(dotsPath(other), '#e9fffb', { opacity: 0.65 });
  // compass rose
  const [kx0, ky0] = [W - 150, 150];
  s.circle(kx0, ky0, 62, 'none', { stroke: '#f6f0d8', 'stroke-width': 2, 'stroke-opacity': 0.6 });
  s.circle(kx0, ky0, 50, 'none', { stroke: '#f6f0d8', 'stroke-width': 1, 'stroke-opacity': 0.35 });
  let star = '';
  for (let i = 0; i < 4; i++) {
    const a = deg(i * 90 - 90);
    const l = i === 0 ? 84 : 66;
    star += polyPath([
      [kx0, ky0],
      [kx0 + Math.cos(a - 0.28) * 16, ky0 + Math.sin(a - 0.28) * 16],
      [kx0 + Math.cos(a) * l, ky0 + Math.sin(a) * l],
      [kx0 + Math.cos(a + 0.28) * 16, ky0 + Math.sin(a + 0.28) * 16],
    ]);
  }
  s.path(star, '#f6f0d8', { opacity: 0.85 });
  s.path(
    polyPath([
      [kx0, ky0],
      [kx0 - 16 * Math.sin(0.28), ky0 - 16 * Math.cos(0.28)],
      [kx0, ky0 - 84],
    ]),
    '#f2c14e',
  );
  // frame
  s.rect(24, 24, W - 48, H - 48, 'none', { stroke: '#f6f0d8', 'stroke-width': 2, 'stroke-opacity': 0.45, rx: 18 });
  vignette(s, 0.35, '#021a26');
}

function diveGear(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#e7f4ef'],
        [1, '#bfe3df'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W * 0.5,
    H * 0.5,
    620,
    s.rad(
      [
        [0, '#ffffff', 0.7],
        [1, '#ffffff', 0],
      ],
      W * 0.5,
      H * 0.45,
      700,
    ),
  );
  // dotted wave pattern behind
  let waves = '';
  for (let i = 0; i < 7; i++) waves += smoothPath(wavePoints(-20, W + 20, 90 + i * 120, 10, 0.012, i, 20), false);
  s.path(waves, 'none', { stroke: '#7ccfc8', 'stroke-width': 2, 'stroke-opacity': 0.22 });
  const shadow = (draw: () => void): void => {
    s.group({ transform: 'translate(14 18)', opacity: 0.16, filter: s.blur(8) }, draw);
  };
  // tank
  const tank = (): void => {
    s.rect(220, 170, 150, 560, '#2a5260', { rx: 75 });
  };
  shadow(tank);
  s.rect(
    220,
    170,
    150,
    560,
    s.lin(
      [
        [0, '#8fa6ad'],
        [0.3, '#e4eef0'],
        [0.55, '#b9cad0'],
        [1, '#5d7680'],
      ],
      0,
      0,
      1,
      0,
    ),
    { rx: 75 },
  );
  s.rect(220, 610, 150, 40, '#f2c14e');
  s.rect(220, 660, 150, 70, '#1f3f4b', { rx: 0 });
  s.path('M220,660H370V680C370,710 340,730 295,730C250,730 220,710 220,680Z', '#1f3f4b');
  s.rect(270, 120, 50, 60, '#52646b', { rx: 8 });
  s.rect(250, 100, 90, 30, '#394b52', { rx: 12 });
  s.circle(355, 115, 22, '#23343a');
  s.circle(355, 115, 10, '#8fa6ad');
  // regulator: first stage, hose, second stage
  s.path('M340,110C470,80 500,260 470,360C450,430 520,470 600,450', 'none', {
    stroke: '#16323d',
    'stroke-width': 18,
    'stroke-linecap': 'round',
  });
  s.circle(600, 450, 58, '#1f4652');
  s.circle(600, 450, 42, '#2e6b78');
  s.circle(600, 450, 18, '#f2c14e');
  s.path('M640,480L690,520L670,545L622,505Z', '#16323d');
  s.path('M330,110C380,60 420,160 390,230', 'none', {
    stroke: '#f2c14e',
    'stroke-width': 12,
    'stroke-linecap': 'round',
  });
  // mask
  const mask = (): void => {
    s.path(
      'M640,170C640,130 680,118 740,118C790,118 800,140 820,140C840,140 850,118 900,118C960,118 1000,130 1000,170C1000,240 960,270 900,270C850,270 845,230 820,230C795,230 790,270 740,270C680,270 640,240 640,170Z',
      '#1d3942',
    );
  };
  shadow(mask);
  s.path(ellipsePath(820, 150, 265, 92), 'none', { stroke: '#24424c', 'stroke-width': 20 });
  s.path(ellipsePath(820, 150, 265, 92), 'none', { stroke: '#35606b', 'stroke-width': 4, 'stroke-dasharray': '2 14' });
  mask();
  s.path(
    'M662,175C662,145 690,138 740,138C780,138 800,158 800,185C800,225 780,250 740,250C690,250 662,225 662,175Z',
    s.lin(
      [
        [0, '#bff3f0'],
        [1, '#58bcc4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.path(
    'M978,175C978,145 950,138 900,138C860,138 840,158 840,185C840,225 860,250 900,250C950,250 978,225 978,175Z',
    s.lin(
      [
        [0, '#bff3f0'],
        [1, '#58bcc4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.path('M690,160L730,150M870,150L920,160', 'none', {
    stroke: '#ffffff',
    'stroke-width': 6,
    'stroke-linecap': 'round',
    'stroke-opacity': 0.8,
  });
  // fins
  const fin = (x: number, y: number, rot: number, col: string): void => {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot})` }, () => {
      s.path('M-62,0C-62,-60 -40,-110 0,-110C40,-110 62,-60 62,0L90,330C60,360 -60,360 -90,330Z', '#1b3139', {
        transform: 'translate(12 16)',
        opacity: 0.16,
      });
      s.path('M-62,0C-62,-60 -40,-110 0,-110C40,-110 62,-60 62,0L90,330C60,360 -60,360 -90,330Z', col);
      s.path('M-50,-20C-50,-70 -30,-95 0,-95C30,-95 50,-70 50,-20C30,-8 -30,-8 -50,-20Z', '#0f1f25');
      s.path('M-40,40L-62,320M0,30V335M40,40L62,320', 'none', {
        stroke: '#ffffff',
        'stroke-width': 5,
        'stroke-opacity': 0.25,
      });
    });
  };
  fin(1180, 330, -14, '#137f8c');
  fin(1370, 360, 10, '#0f6c78');
  // torch
  s.group({ transform: 'translate(560 720) rotate(-6)' }, () => {
    s.path('M0,-34H300V34H0Z', '#1b3139', { transform: 'translate(10 16)', opacity: 0.16 });
    s.rect(
      0,
      -34,
      300,
      68,
      s.lin([
        [0, '#3c4c52'],
        [0.4, '#7d9096'],
        [1, '#2a373c'],
      ]),
      { rx: 14 },
    );
    s.path('M300,-34L370,-58V58L300,34Z', '#2a373c');
    s.ellipse(372, 0, 16, 58, '#fff6d8');
    s.ellipse(372, 0, 9, 40, '#ffffff');
    s.path('M60,-34V34M90,-34V34', 'none', { stroke: '#f2c14e', 'stroke-width': 8 });
    s.path(
      'M388,-58L560,-120V120L388,58Z',
      s.lin(
        [
          [0, '#fff6d8', 0.6],
          [1, '#fff6d8', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(8) },
    );
  });
  // reel with line
  s.circle(870, 470, 80, '#1b3139', { opacity: 0.16, filter: s.blur(8), transform: 'translate(12 16)' });
  s.circle(870, 470, 80, '#24424c');
  s.circle(870, 470, 62, '#f4efe1');
  s.circle(870, 470, 22, '#24424c');
  s.path('M870,390V350M850,350H890', 'none', { stroke: '#24424c', 'stroke-width': 12, 'stroke-linecap': 'round' });
  let line = '';
  for (let i = 0; i < 6; i++) line += ellipsePath(870, 470, 30 + i * 5.5, 30 + i * 5.5);
  s.path(line, 'none', { stroke: '#d7cfb8', 'stroke-width': 1.5 });
  // bubbles
  const dots: [number, number, number][] = [];
  for (let i = 0; i < 16; i++) dots.push([rng.range(40, W - 40), rng.range(40, H - 40), rng.range(4, 14)]);
  s.path(dotsPath(dots), 'none', { stroke: '#5fb9b6', 'stroke-width': 2.5, 'stroke-opacity': 0.35 });
}

function torchShape(
  s: Svg,
  x: number,
  y: number,
  angle: number,
  len: number,
  dia: number,
  body: string,
  beamLen: number,
): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) rotate(${fmt(angle)})` }, () => {
    s.path(
      `M${n(dia * 1.1)},${n(-dia * 0.7)}L${n(dia * 1.1 + beamLen)},${n(-dia * 0.7 - beamLen * 0.22)}L${n(dia * 1.1 + beamLen)},${n(dia * 0.7 + beamLen * 0.22)}L${n(dia * 1.1)},${n(dia * 0.7)}Z`,
      s.lin(
        [
          [0, '#fff4d6', 0.55],
          [1, '#fff4d6', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(10) },
    );
    s.path(
      `M${n(dia)},${n(-dia * 0.4)}L${n(dia + beamLen * 0.8)},${n(-dia * 0.4 - beamLen * 0.08)}L${n(dia + beamLen * 0.8)},${n(dia * 0.4 + beamLen * 0.08)}L${n(dia)},${n(dia * 0.4)}Z`,
      s.lin(
        [
          [0, '#ffffff', 0.6],
          [1, '#ffffff', 0],
        ],
        0,
        0,
        1,
        0,
      ),
      { filter: s.blur(5) },
    );
    s.rect(
      -len,
      -dia / 2,
      len,
      dia,
      s.lin([
        [0, mix(body, '#ffffff', 0.35)],
        [0.45, body],
        [1, mix(body, '#000000', 0.5)],
      ]),
      { rx: dia * 0.25 },
    );
    s.path(
      `M0,${n(-dia / 2)}L${n(dia)},${n(-dia * 0.72)}V${n(dia * 0.72)}L0,${n(dia / 2)}Z`,
      mix(body, '#000000', 0.35),
    );
    s.ellipse(dia, 0, dia * 0.16, dia * 0.72, '#fff8e4');
    s.circle(
      dia + 2,
      0,
      dia * 0.9,
      s.radBox([
        [0, '#ffffff', 0.9],
        [1, '#fff4d6', 0],
      ]),
    );
    let rings = '';
    for (let i = 1; i < 5; i++) rings += `M${n(-len + i * dia * 0.18)},${n(-dia / 2)}v${n(dia)}`;
    s.path(rings, 'none', { stroke: '#000000', 'stroke-opacity': 0.3, 'stroke-width': 2 });
    s.rect(-len * 0.55, -dia / 2 - 4, len * 0.12, dia + 8, '#f2c14e', { rx: 3 });
  });
}

function safetyLights(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#0f4c64'],
        [0.6, '#072a3d'],
        [1, '#020d16'],
      ],
      W * 0.6,
      H * 0.5,
      W * 0.8,
      H * 0.9,
    ),
  );
  // cave wall on the right, lit by the beams
  const wall: P[] = [
    [W * 0.86, -20],
    [W * 0.8, H * 0.2],
    [W * 0.84, H * 0.45],
    [W * 0.78, H * 0.7],
    [W * 0.83, H + 20],
    [W + 20, H + 20],
    [W + 20, -20],
  ];
  s.path(
    smoothPath(wall, false) + 'Z',
    s.rad(
      [
        [0, '#c8ab7f'],
        [0.35, '#5b5040'],
        [1, '#0c1820'],
      ],
      W * 0.82,
      H * 0.48,
      260,
      420,
    ),
  );
  const floor: P[] = [];
  for (let i = 0; i <= 8; i++) floor.push([lerp(-20, W + 20, i / 8), H - rng.range(40, 90)]);
  s.path(smoothPath(floor, false) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, '#04131d');
  torchShape(s, 520, 300, 10, 230, 62, '#37474d', 800);
  torchShape(s, 470, 500, 0, 170, 44, '#c5a032', 760);
  torchShape(s, 520, 680, -10, 170, 44, '#2a7f8a', 740);
  // canister and cord for the primary light
  s.rect(
    80,
    560,
    170,
    300,
    s.lin(
      [
        [0, '#2a373c'],
        [0.4, '#5d6f75'],
        [1, '#1a2327'],
      ],
      0,
      0,
      1,
      0,
    ),
    { rx: 40 },
  );
  s.rect(80, 600, 170, 24, '#f2c14e');
  s.path('M165,560C165,420 240,300 290,300', 'none', {
    stroke: '#101a1f',
    'stroke-width': 14,
    'stroke-linecap': 'round',
  });
  s.circle(
    W * 0.83,
    H * 0.48,
    180,
    s.radBox([
      [0, '#fff6de', 0.35],
      [1, '#fff6de', 0],
    ]),
  );
  particles(s, rng, 0, 0, W, H, 70, '#e5fbff', 0.2);
  vignette(s, 0.5);
}

function certificationCards(s: Svg, _rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#0e5d6e'],
        [1, '#0a3a4e'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W * 0.5,
    H * 0.45,
    700,
    s.rad(
      [
        [0, '#3fb8b0', 0.45],
        [1, '#3fb8b0', 0],
      ],
      W * 0.5,
      H * 0.45,
      700,
    ),
  );
  let rings = '';
  for (let i = 1; i < 9; i++) rings += ellipsePath(W * 0.5, H * 0.5, i * 110, i * 70);
  s.path(rings, 'none', { stroke: '#bff3ee', 'stroke-width': 1.5, 'stroke-opacity': 0.08 });
  const cards: [number, number, number, string, string][] = [
    [560, 430, -16, '#0b6f7c', '#19a7b0'],
    [720, 400, -5, '#1d3f6b', '#2f6fa3'],
    [880, 420, 6, '#b5793a', '#e0a85a'],
    [1040, 460, 16, '#0f4c5c', '#137f8c'],
  ];
  for (const [x, y, rot, c1, c2] of cards) {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot})` }, () => {
      s.rect(-240, -150, 480, 300, '#01131c', {
        rx: 24,
        opacity: 0.35,
        filter: s.blur(14),
        transform: 'translate(14 22)',
      });
      s.rect(
        -240,
        -150,
        480,
        300,
        s.lin(
          [
            [0, c2],
            [1, c1],
          ],
          0,
          0,
          1,
          1,
        ),
        { rx: 24 },
      );
      s.path(
        'M-240,60C-140,20 -40,100 60,60C140,28 200,40 240,56V126C240,139 229,150 216,150H-216C-229,150 -240,139 -240,126Z',
        '#ffffff',
        { opacity: 0.12 },
      );
      s.path('M-240,96C-140,60 -40,130 60,96C140,68 200,80 240,92', 'none', {
        stroke: '#ffffff',
        'stroke-width': 3,
        'stroke-opacity': 0.2,
      });
      s.circle(-170, -80, 42, '#ffffff', { opacity: 0.92 });
      s.path('M-212,-80A42,42 0 0,0 -128,-80Z', c1);
      s.path('M-178,-122L-184,-80H-156L-162,-122Z', '#ffffff', { opacity: 0.6 });
      s.rect(90, -110, 120, 150, '#ffffff', { rx: 12, opacity: 0.9 });
      s.circle(150, -55, 28, mix(c1, '#ffffff', 0.4));
      s.path('M100,40C100,-5 200,-5 200,40Z', mix(c1, '#ffffff', 0.4));
      s.rect(-100, -100, 160, 18, '#ffffff', { rx: 9, opacity: 0.8 });
      s.rect(-100, -66, 110, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, -10, 250, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, 18, 190, 14, '#ffffff', { rx: 7, opacity: 0.55 });
      s.rect(-210, 80, 60, 44, '#f2d27a', { rx: 8 });
      s.path('M-210,94H-150M-210,110H-150M-190,80V124M-170,80V124', 'none', { stroke: '#b8932f', 'stroke-width': 2 });
    });
  }
  const dots: [number, number, number][] = [];
  const rng2 = new Rng('cards-bubbles');
  for (let i = 0; i < 22; i++) dots.push([rng2.range(0, W), rng2.range(0, H), rng2.range(3, 10)]);
  s.path(dotsPath(dots), 'none', { stroke: '#bff3ee', 'stroke-width': 2, 'stroke-opacity': 0.25 });
  vignette(s, 0.4);
}

function caveFauna(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  darkCaveBackdrop(s, rng);
  const pale = '#f4e6dc';
  // blind cave fish (eyeless, pale, long fins)
  const fishBody = (x: number, y: number, sc: number, flip: boolean): void => {
    s.group({ transform: `translate(${x} ${y}) scale(${flip ? -sc : sc} ${sc})` }, () => {
      s.path(
        'M120,0C110,-22 70,-30 20,-26C-40,-22 -100,-14 -150,-4L-190,-22L-182,0L-190,22L-150,4C-100,14 -40,22 20,26C70,28 110,22 120,0Z',
        s.lin([
          [0, '#fbeee6'],
          [1, '#d9b7aa'],
        ]),
      );
      s.path(
        'M60,-26C0,-40 -80,-30 -150,-8C-90,-22 -20,-26 60,-26ZM50,26C-10,38 -90,28 -150,8C-90,20 -20,26 50,26Z',
        '#f7e2d8',
        { opacity: 0.7 },
      );
      s.path('M96,-4C100,0 100,4 96,8', 'none', { stroke: '#b58e80', 'stroke-width': 2.5 });
      s.path('M80,-18C84,-6 84,8 78,20', 'none', { stroke: '#d4a898', 'stroke-width': 3, 'stroke-opacity': 0.7 });
    });
  };
  fishBody(760, 300, 1.25, false);
  fishBody(360, 580, 0.8, true);
  // cave shrimp: translucent, eyeless, with long antennae and a fanned tail
  const shrimp = (x: number, y: number, sc: number, rot: number): void => {
    s.group({ transform: `translate(${x} ${y}) rotate(${rot}) scale(${sc})` }, () => {
      s.path('M112,-6C160,-40 220,-62 300,-52M112,-2C170,2 230,30 292,62', 'none', {
        stroke: '#eaf6f4',
        'stroke-width': 1.8,
        'stroke-opacity': 0.75,
      });
      s.path('M96,4L104,40M84,6L88,46M70,7L70,44M56,8L52,40M30,8L26,28M8,8L2,28M-16,12L-24,30', 'none', {
        stroke: '#eaf6f4',
        'stroke-width': 2,
        'stroke-opacity': 0.6,
      });
      s.path(
        'M132,-10L104,-10C98,-26 62,-34 30,-31C-2,-28 -32,-22 -54,-10C-72,2 -82,20 -80,38L-96,54L-72,50L-64,64L-60,44C-58,28 -48,16 -30,10C-8,4 20,5 50,7C80,9 100,6 112,0Z',
        s.lin([
          [0, '#f6fcfb', 0.9],
          [1, '#b6d8d4', 0.6],
        ]),
      );
      s.path(
        'M28,-30C34,-12 34,0 28,6M4,-27C10,-10 10,2 4,8M-20,-21C-14,-6 -16,6 -22,12M-42,-13C-36,0 -38,12 -44,18',
        'none',
        { stroke: '#8fb9b5', 'stroke-width': 1.6, 'stroke-opacity': 0.7 },
      );
      s.path('M104,-10C90,-4 70,-2 54,-4', 'none', { stroke: '#ffffff', 'stroke-width': 2, 'stroke-opacity': 0.6 });
    });
  };
  shrimp(1120, 520, 1.1, -8);
  shrimp(520, 200, 0.6, 12);
  // remipede: long segmented body with paddle-like legs
  let body = '';
  let legs = '';
  for (let i = 0; i < 24; i++) {
    const t = i / 23;
    const x = 940 + t * 500;
    const y = 770 - Math.sin(t * Math.PI * 1.4) * 40;
    const r = 12 - t * 6.5;
    body += ellipsePath(x, y, r * 1.15, r);
    const lx = -8 - t * 2;
    legs += `M${n(x)},${n(y)}q${n(lx)},${n(-r - 8)} ${n(lx - 4)},${n(-r - 20 + t * 8)}M${n(x)},${n(y)}q${n(lx)},${n(r + 8)} ${n(lx - 4)},${n(r + 20 - t * 8)}`;
  }
  s.path(legs, 'none', { stroke: pale, 'stroke-width': 3.5, 'stroke-opacity': 0.6, 'stroke-linecap': 'round' });
  s.path(
    body,
    s.lin([
      [0, '#fbf2ea'],
      [1, '#cdb39f'],
    ]),
  );
  s.path('M930,768C890,740 860,704 836,696M930,772C890,792 860,812 830,816', 'none', {
    stroke: pale,
    'stroke-width': 2,
    'stroke-opacity': 0.8,
  });
  // isopod on the floor
  s.group({ transform: 'translate(300 822) rotate(-8)' }, () => {
    let isoLegs = '';
    for (let i = -3; i <= 3; i++) isoLegs += `M${i * 14},0l${-4 + i},-34M${i * 14},0l${-4 + i},34`;
    s.path(isoLegs, 'none', { stroke: '#d9c6b8', 'stroke-width': 2.5, 'stroke-opacity': 0.7 });
    s.ellipse(
      0,
      0,
      62,
      27,
      s.lin([
        [0, '#f3e8df'],
        [1, '#cbb3a2'],
      ]),
    );
    let segs = '';
    for (let i = -4; i <= 4; i++) segs += `M${i * 12},-25Q${i * 12 + 3},0 ${i * 12},25`;
    s.path(segs, 'none', { stroke: '#b59c8c', 'stroke-width': 2 });
    s.path('M60,-6C80,-20 100,-30 122,-30M60,6C80,18 100,26 120,28', 'none', { stroke: '#eadbd0', 'stroke-width': 2 });
  });
  particles(s, rng, 0, 0, W, H, 50, '#e5fbff', 0.2);
  vignette(s, 0.55);
}

/** Dark flooded cave walls with a torch beam from the upper left, used behind the fauna. */
function darkCaveBackdrop(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#145a72'],
        [0.55, '#072b3e'],
        [1, '#020c14'],
      ],
      W * 0.55,
      H * 0.45,
      W * 0.7,
      H * 0.75,
    ),
  );
  const hole = blobPoints(rng, W / 2, H * 0.45, W * 0.56, H * 0.52, 16, 0.1);
  const fill = s.rad(
    [
      [0, '#6b6a5c'],
      [0.5, '#243a44'],
      [1, '#06131b'],
    ],
    W * 0.5,
    H * 0.4,
    W * 0.6,
    H * 0.6,
  );
  s.path(`M-50,-50H${W + 50}V${H + 50}H-50Z` + smoothPath(hole, true), fill, { 'fill-rule': 'evenodd' });
  let d = '';
  for (const p of sampleSmooth(hole, true, 6)) {
    if (p[1] < H * 0.25 && rng.chance(0.5)) d += dripPath(p[0], p[1] - 8, rng.range(10, 26), rng.range(30, 110));
    if (p[1] > H * 0.8 && rng.chance(0.3)) d += dripPath(p[0], p[1] + 8, rng.range(12, 30), -rng.range(20, 70));
  }
  s.path(d, fill);
  beam(s, [-40, -40], [W * 0.7, H * 0.75], 80, 700, '#fff4d6', 0.22, 20);
}

function conservation(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#f5efdc'],
        [1, '#d4ece4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W / 2,
    H / 2,
    620,
    s.rad(
      [
        [0, '#ffffff', 0.85],
        [1, '#ffffff', 0],
      ],
      W / 2,
      H / 2,
      620,
    ),
  );
  const cx = W / 2;
  const cy = 470;
  // ripples spreading under the emblem
  let rip = '';
  for (let i = 1; i < 6; i++) rip += ellipsePath(cx, 820, 260 + i * 100, 26 + i * 12);
  s.path(rip, 'none', { stroke: '#3fb8b0', 'stroke-width': 2, 'stroke-opacity': 0.16 });
  // the water cycle: two arrows circling the drop
  const R = 372;
  const arrow = (a0: number, a1: number): void => {
    s.path(
      `M${n(cx + R * Math.cos(deg(a0)))},${n(cy + R * Math.sin(deg(a0)))}A${R},${R} 0 0,1 ${n(cx + R * Math.cos(deg(a1)))},${n(cy + R * Math.sin(deg(a1)))}`,
      'none',
      { stroke: '#1a8f95', 'stroke-width': 9, 'stroke-linecap': 'round', 'stroke-opacity': 0.55 },
    );
    const x = cx + R * Math.cos(deg(a1));
    const y = cy + R * Math.sin(deg(a1));
    const t = deg(a1 + 90);
    const tip: P = [x + Math.cos(t) * 26, y + Math.sin(t) * 26];
    const b1: P = [x + Math.cos(t + Math.PI / 2) * 17, y + Math.sin(t + Math.PI / 2) * 17];
    const b2: P = [x - Math.cos(t + Math.PI / 2) * 17, y - Math.sin(t + Math.PI / 2) * 17];
    s.path(polyPath([tip, b1, b2]), '#1a8f95', { opacity: 0.75 });
  };
  arrow(196, 326);
  arrow(16, 146);
  // the drop, holding a small cenote
  const r = 215;
  const top = cy - r * 1.5;
  const drop = `M${cx},${n(top)}C${n(cx + r * 0.35)},${n(cy - r * 0.9)} ${n(cx + r)},${n(cy - r * 0.45)} ${n(cx + r)},${n(cy + r * 0.05)}A${r},${r} 0 0,1 ${n(cx - r)},${n(cy + r * 0.05)}C${n(cx - r)},${n(cy - r * 0.45)} ${n(cx - r * 0.35)},${n(cy - r * 0.9)} ${cx},${n(top)}Z`;
  s.path(drop, '#0c4d5c', { opacity: 0.25, filter: s.blur(16), transform: 'translate(10 18)' });
  s.group({ 'clip-path': s.clip(drop) }, () => {
    s.group({ transform: `translate(${n(cx - r)} ${n(top)})` }, () => {
      crossSection(s, rng, {
        W: r * 2,
        H: r * 2.6,
        k: 0.46,
        groundY: r * 1.05,
        cx: r,
        openW: r * 0.55,
        chamberW: r * 1.8,
        bottomY: r * 2.55,
        waterY: r * 1.58,
        sunAngle: 8,
        beams: 3,
        divers: 1,
        tunnels: 0,
        debris: true,
        warmth: 0.25,
        stalactites: 10,
        roots: 6,
        fish: 5,
        palms: 2,
      });
    });
  });
  s.path(drop, 'none', { stroke: '#ffffff', 'stroke-width': 10 });
  s.path(drop, 'none', { stroke: '#0f6f7c', 'stroke-width': 3, 'stroke-opacity': 0.45 });
  // leafy branches cradling the drop
  for (const side of [-1, 1]) {
    const pts: P[] = [];
    for (let i = 0; i <= 9; i++) {
      const a = deg(90 + side * (22 + i * 15));
      pts.push([cx + Math.cos(a) * (r + 78), cy + 20 + Math.sin(a) * (r + 78)]);
    }
    s.path(smoothPath(pts, false), 'none', { stroke: '#2f6b3a', 'stroke-width': 5, 'stroke-linecap': 'round' });
    pts.forEach(([x, y], i) => {
      if (i === 0) return;
      const a = Math.atan2(y - cy - 20, x - cx) * (180 / Math.PI);
      const len = 78 - i * 3.5;
      leaf(s, x, y, len, len * 0.36, a + side * 35, i % 2 ? '#3f8f4a' : '#56a152', '#1f4d2c');
      leaf(s, x, y, len * 0.8, len * 0.3, a + (side > 0 ? -80 : 80), i % 2 ? '#56a152' : '#2e7a45', '#1f4d2c');
    });
  }
}

function sinkholeStages(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin([
      [0, '#f4ecd8'],
      [1, '#e2d4b5'],
    ]),
  );
  const pw = 440;
  const ph = 760;
  const y0 = 70;
  const xs = [90, 580, 1070];
  const stages: Partial<CrossOpts>[] = [
    { openW: 0, roofY: 330, waterY: 280, beams: 0, debris: false, stalactites: 6, roots: 0, fish: 0 },
    {
      openW: 0,
      roofY: 250,
      waterY: 420,
      beams: 0,
      debris: false,
      stalactites: 9,
      cracks: true,
      falling: true,
      roots: 0,
      fish: 0,
    },
    { openW: 170, waterY: 430, beams: 4, debris: true, stalactites: 8, roots: 5, fish: 4 },
  ];
  stages.forEach((st, i) => {
    const x = at(xs, i);
    const frame = `M${x + 24},${y0}H${x + pw - 24}Q${x + pw},${y0} ${x + pw},${y0 + 24}V${y0 + ph - 24}Q${x + pw},${y0 + ph} ${x + pw - 24},${y0 + ph}H${x + 24}Q${x},${y0 + ph} ${x},${y0 + ph - 24}V${y0 + 24}Q${x},${y0} ${x + 24},${y0}Z`;
    s.path(frame, '#5a4330', { opacity: 0.25, filter: s.blur(12), transform: 'translate(8 12)' });
    s.group({ 'clip-path': s.clip(frame) }, () => {
      s.group({ transform: `translate(${x} ${y0})` }, () => {
        crossSection(s, rng, {
          W: pw,
          H: ph,
          k: 0.5,
          groundY: 190,
          cx: pw / 2,
          openW: 0,
          chamberW: 330,
          bottomY: 690,
          waterY: 420,
          sunAngle: 6,
          beams: 0,
          divers: 0,
          tunnels: 0,
          debris: false,
          warmth: 0.25,
          stalactites: 10,
          roots: 0,
          palms: 2,
          ...st,
        });
      });
    });
    s.path(frame, 'none', { stroke: '#ffffff', 'stroke-width': 6 });
    if (i < 2) {
      const ax = x + pw + 15;
      s.path(`M${ax},${y0 + ph / 2 - 26}L${ax + 22},${y0 + ph / 2}L${ax},${y0 + ph / 2 + 26}`, 'none', {
        stroke: '#0f6f7c',
        'stroke-width': 8,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
    }
  });
  // stage markers: one, two, three dots
  xs.forEach((x, i) => {
    for (let j = 0; j <= i; j++) s.circle(x + pw / 2 + (j - i / 2) * 26, y0 + ph + 36, 8, '#0f6f7c');
  });
}

function limestoneLayers(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  const gy = 190;
  sky(s, rng, gy + 20, 0.2, 2);
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 6,
    (x) => 80 + 30 * Math.sin(x * 0.006 + ph),
    18,
    34,
    s.lin([
      [0, '#5c9d5e'],
      [1, '#2f6c45'],
    ]),
  );
  // strata with varied thickness
  const cols = [
    '#f3e3bd',
    '#e9d3a3',
    '#f0dcb2',
    '#dcc08f',
    '#e6cf9f',
    '#cfae7a',
    '#d9bc89',
    '#bf9a68',
    '#a9855a',
    '#8c6c4b',
  ];
  let y = gy;
  const bounds: number[] = [];
  cols.forEach((c, i) => {
    const wave = wavePoints(-20, W + 20, y, i ? rng.range(3, 9) : 2, rng.range(0.003, 0.008), rng.range(0, TAU), 16);
    s.path(smoothPath(wave, false) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, c);
    if (i) s.path(smoothPath(wave, false), 'none', { stroke: '#6b5038', 'stroke-width': 1.5, 'stroke-opacity': 0.25 });
    bounds.push(y);
    y += rng.range(50, 90) * (1 + i * 0.04);
  });
  // fossils: spiral shells, bivalves, coral branches
  for (let i = 0; i < 16; i++) {
    const fx = rng.range(60, W - 60);
    const fy = rng.range(gy + 60, H - 40);
    const r = rng.range(8, 18);
    const kind = i % 3;
    if (kind === 0) {
      let d = `M${n(fx)},${n(fy)}`;
      for (let a = 0; a < TAU * 2.2; a += 0.35)
        d += `L${n(fx + Math.cos(a) * r * (a / (TAU * 2.2)))},${n(fy + Math.sin(a) * r * (a / (TAU * 2.2)))}`;
      s.path(d, 'none', { stroke: '#6b5038', 'stroke-width': 2, 'stroke-opacity': 0.35 });
    } else if (kind === 1) {
      s.path(`M${n(fx - r)},${n(fy)}Q${n(fx)},${n(fy - r * 1.4)} ${n(fx + r)},${n(fy)}Z`, '#6b5038', { opacity: 0.18 });
      s.path(
        `M${n(fx)},${n(fy)}L${n(fx)},${n(fy - r * 0.7)}M${n(fx)},${n(fy)}L${n(fx - r * 0.5)},${n(fy - r * 0.55)}M${n(fx)},${n(fy)}L${n(fx + r * 0.5)},${n(fy - r * 0.55)}`,
        'none',
        { stroke: '#6b5038', 'stroke-width': 1.5, 'stroke-opacity': 0.3 },
      );
    } else {
      s.path(
        `M${n(fx)},${n(fy + r)}L${n(fx)},${n(fy)}L${n(fx - r * 0.6)},${n(fy - r * 0.8)}M${n(fx)},${n(fy)}L${n(fx + r * 0.5)},${n(fy - r)}`,
        'none',
        { stroke: '#6b5038', 'stroke-width': 2.5, 'stroke-opacity': 0.25, 'stroke-linecap': 'round' },
      );
    }
  }
  // water table and flooded conduits
  const wt = 520;
  s.path(smoothPath(wavePoints(-20, W + 20, wt, 4, 0.01, 1, 16), false), 'none', {
    stroke: '#1a8f95',
    'stroke-width': 3,
    'stroke-dasharray': '14 10',
    'stroke-opacity': 0.7,
  });
  s.rect(
    -10,
    wt,
    W + 20,
    H - wt + 10,
    s.lin([
      [0, '#1a8f95', 0.08],
      [1, '#0b4d68', 0.3],
    ]),
  );
  const conduit = (y: number, x0: number, x1: number, th: number): void => {
    const top: P[] = [];
    const bot: P[] = [];
    for (let i = 0; i <= 10; i++) {
      const x = lerp(x0, x1, i / 10);
      const yy = y + Math.sin(i * 0.9 + y) * 18;
      const hh = th * rng.range(0.6, 1.3);
      top.push([x, yy - hh / 2]);
      bot.unshift([x, yy + hh / 2]);
    }
    const d = smoothPath([...top, ...bot], true);
    s.path(
      d,
      s.lin([
        [0, '#5fe0d4'],
        [0.5, '#17a2ae'],
        [1, '#0b5a72'],
      ]),
    );
    s.path(d, 'none', { stroke: '#4a3626', 'stroke-width': 4, 'stroke-opacity': 0.35 });
  };
  conduit(620, -40, 900, 56);
  conduit(760, 500, W + 40, 70);
  conduit(690, 1050, W + 40, 40);
  // a small cenote connecting to the surface: a narrow mouth over a bell-shaped chamber
  const cx = 1200;
  const shaftPts: P[] = [
    [cx - 60, gy],
    [cx - 160, 300],
    [cx - 215, 470],
    [cx - 200, 650],
    [cx - 120, 770],
    [cx + 20, 800],
    [cx + 170, 745],
    [cx + 225, 560],
    [cx + 200, 380],
    [cx + 125, 275],
    [cx + 60, gy],
  ];
  const shaft = smoothPath(shaftPts, false) + 'Z';
  s.path(
    shaft,
    s.rad(
      [
        [0, '#a8885f'],
        [0.35, '#5a4534'],
        [1, '#221a13'],
      ],
      cx,
      gy,
      260,
      380,
    ),
  );
  s.group({ 'clip-path': s.clip(shaft) }, () => {
    const wy = wt;
    s.rect(
      cx - 260,
      wy,
      520,
      820 - wy,
      s.lin(
        [
          [0, '#6fe6da'],
          [0.1, '#2cc0c2'],
          [0.6, '#0f7f92'],
          [1, '#073a56'],
        ],
        0,
        wy,
        0,
        800,
        true,
      ),
    );
    s.path(
      smoothPath(
        [
          [cx - 150, 820],
          [cx - 60, 730],
          [cx + 20, 700],
          [cx + 110, 740],
          [cx + 190, 820],
        ],
        false,
      ) + 'Z',
      '#3f8c8a',
      { opacity: 0.8 },
    );
    beam(s, [cx, gy], [cx + 60, 800], 100, 200, '#fff4d0', 0.65, 10);
    s.rect(cx - 260, wy - 1.5, 520, 3, '#e9fffb', { opacity: 0.8 });
    let drips = '';
    for (let k = 0; k < 14; k++) {
      const side = k % 2 ? 1 : -1;
      const t = rng.range(0.05, 0.95);
      const a = side < 0 ? at(shaftPts, 0) : at(shaftPts, 10);
      const b = side < 0 ? at(shaftPts, 1) : at(shaftPts, 9);
      drips += dripPath(lerp(a[0], b[0], t), lerp(a[1], b[1], t) - 8, rng.range(8, 18), rng.range(20, 60));
    }
    s.path(drips, '#8a6a4a');
    s.path(shaft, 'none', { stroke: '#1d140e', 'stroke-width': 30, 'stroke-opacity': 0.2 });
  });
  hangingLines(
    s,
    rng,
    [
      [cx - 56, gy],
      [cx - 40, gy],
      [cx + 44, gy],
      [cx + 58, gy],
      [cx + 30, gy],
    ],
    120,
    330,
    '#4a3222',
    2,
    0.7,
  );
  s.path(smoothPath(shaftPts, false), 'none', { stroke: '#3a2a1e', 'stroke-width': 3, 'stroke-opacity': 0.5 });
  // rain seeping down through fractures
  let cracks = '';
  const drops: [number, number, number][] = [];
  for (let i = 0; i < 7; i++) {
    let x = rng.range(80, 1000);
    let yy = gy + 8;
    cracks += `M${n(x)},${n(yy)}`;
    while (yy < wt) {
      yy += rng.range(25, 50);
      x += rng.range(-14, 14);
      cracks += `L${n(x)},${n(Math.min(yy, wt))}`;
      if (rng.chance(0.35)) drops.push([x + 4, Math.min(yy, wt) - 10, 4]);
    }
  }
  s.path(cracks, 'none', { stroke: '#4a3626', 'stroke-width': 2, 'stroke-opacity': 0.45, 'stroke-linejoin': 'round' });
  s.path(dotsPath(drops), '#2cb3b8', { opacity: 0.85 });
  s.rect(-10, gy - 4, W + 20, 14, '#5c4430');
  s.rect(-10, gy - 6, W + 20, 5, '#3f7d3c');
}

function jungleCanopy(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  sky(s, rng, H, 0.35, 0);
  s.circle(
    W * 0.68,
    H * 0.2,
    560,
    s.rad(
      [
        [0, '#fffbe8', 0.95],
        [1, '#fff3c9', 0],
      ],
      W * 0.68,
      H * 0.2,
      560,
    ),
  );
  const gx = W * 0.4;
  const gy = 640;
  const layers: [number, string, string][] = [
    [300, '#b3d6b5', '#9cc6a3'],
    [410, '#86bb8f', '#6fa77c'],
    [520, '#559e66', '#428857'],
    [650, '#2f7a4c', '#21583a'],
  ];
  layers.forEach(([top, c1, c2], i) => {
    const ph = rng.range(0, TAU);
    if (i === 1 || i === 2)
      palm(
        s,
        rng,
        rng.pick([W * 0.15, W * 0.62, W * 0.85]) + rng.range(-60, 60),
        top + 80,
        200 + i * 50,
        rng.range(-0.12, 0.12),
        mix(c2, '#3b2e22', 0.35),
        c2,
      );
    const dip = i === 3 ? (x: number): number => 150 * Math.exp(-(((x - gx) / 170) ** 2)) : (): number => 0;
    treeLine(
      s,
      rng,
      -20,
      W + 20,
      H + 20,
      (x) => H + 20 - top - 40 * Math.sin(x * 0.004 + ph) - 25 * Math.sin(x * 0.013) - dip(x),
      26 + i * 6,
      46 + i * 10,
      s.lin([
        [0, c1],
        [1, c2],
      ]),
    );
    if (i < 3)
      s.rect(
        -10,
        top + 40,
        W + 20,
        160,
        s.lin([
          [0, '#ffffff', 0],
          [0.5, '#f4fbf4', 0.3],
          [1, '#ffffff', 0],
        ]),
      );
    if (i === 2) {
      // a cenote glinting in a clearing
      s.ellipse(gx, gy, 170, 40, '#d9c396');
      s.ellipse(
        gx,
        gy + 5,
        146,
        28,
        s.lin([
          [0, '#0b6270'],
          [1, '#6fe2d4'],
        ]),
      );
      s.path(`M${n(gx - 70)},${n(gy + 8)}h56M${n(gx + 12)},${n(gy + 17)}h64`, 'none', {
        stroke: '#ffffff',
        'stroke-width': 3,
        'stroke-opacity': 0.6,
        'stroke-linecap': 'round',
      });
    }
  });
  // god rays
  for (let i = 0; i < 5; i++) {
    const x = W * 0.68 + rng.range(-120, 120);
    beam(
      s,
      [x, 0],
      [x - rng.range(200, 500), H],
      rng.range(40, 90),
      rng.range(180, 320),
      '#fff8dc',
      rng.range(0.12, 0.2),
      14,
    );
  }
  // birds
  let birds = '';
  for (let i = 0; i < 5; i++) {
    const bx = rng.range(W * 0.2, W * 0.55);
    const by = rng.range(90, 240);
    const bw = rng.range(12, 22);
    birds += `M${n(bx - bw)},${n(by - bw * 0.3)}Q${n(bx - bw * 0.4)},${n(by - bw * 0.6)} ${n(bx)},${n(by)}Q${n(bx + bw * 0.4)},${n(by - bw * 0.6)} ${n(bx + bw)},${n(by - bw * 0.3)}`;
  }
  s.path(birds, 'none', { stroke: '#2b3b33', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-opacity': 0.7 });
  // foreground leaves framing the view
  const big: [number, number, number, number, string][] = [
    [-30, 60, 380, 12, '#1f5a34'],
    [-50, 230, 330, 32, '#2c7040'],
    [W + 30, 40, 400, 172, '#1f5a34'],
    [W + 40, 240, 320, 150, '#2c7040'],
    [90, H + 40, 340, -62, '#24603a'],
    [-20, H - 40, 300, -25, '#2f7a45'],
    [W - 110, H + 40, 360, -118, '#24603a'],
    [W + 20, H - 60, 300, -160, '#2f7a45'],
  ];
  for (const [x, y, len, a, c] of big) leaf(s, x, y, len, len * 0.27, a, c, '#0f3320');
  for (let i = 0; i < 5; i++)
    frond(
      s,
      rng.range(W * 0.2, W * 0.8),
      H + 20,
      rng.range(200, 300),
      rng.range(-130, -50),
      rng.sign() * 0.6,
      '#1c4f30',
      13,
    );
}

function mayaTemple(s: Svg, rng: Rng): void {
  oblique(s, rng, {
    horizon: 380,
    cx: 980,
    cy: 640,
    rx: 360,
    ry: 135,
    depth: 120,
    warmth: 0.55,
    temple: { x: 520, w: 470, h: 300 },
    lily: 0,
    swimmers: 0,
    vines: 16,
  });
}

function ogDefault(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#05303f'],
        [0.55, '#0a5d6c'],
        [1, '#12867f'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  for (let i = 0; i < 4; i++)
    beam(
      s,
      [rng.range(100, 500), -40],
      [rng.range(500, 1100), H + 40],
      rng.range(60, 120),
      rng.range(200, 320),
      '#dffff8',
      0.1,
      16,
    );
  const cx = W / 2;
  const cy = H / 2;
  const R = 230;
  let rings = '';
  for (const r of [262, 300, 350, 410]) rings += ellipsePath(cx, cy, r, r);
  s.path(rings, 'none', { stroke: '#bff3ee', 'stroke-width': 1.5, 'stroke-opacity': 0.16 });
  const ring: [number, number, number][] = [];
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * TAU;
    ring.push([cx + Math.cos(a) * 280, cy + Math.sin(a) * 280, i % 6 === 0 ? 4.5 : 2.2]);
  }
  s.path(dotsPath(ring), '#e9fffb', { opacity: 0.6 });
  s.circle(cx, cy + 12, R, '#01141c', { opacity: 0.35, filter: s.blur(16) });
  const circle = ellipsePath(cx, cy, R, R);
  s.group({ 'clip-path': s.clip(circle) }, () => {
    s.group({ transform: `translate(${cx - R} ${cy - R})` }, () => {
      crossSection(s, rng, {
        W: R * 2,
        H: R * 2,
        k: 0.45,
        groundY: R * 0.72,
        cx: R,
        openW: R * 0.5,
        chamberW: R * 1.7,
        bottomY: R * 1.95,
        waterY: R * 1.2,
        sunAngle: 8,
        beams: 4,
        divers: 1,
        tunnels: 1,
        debris: true,
        warmth: 0.35,
        stalactites: 14,
        roots: 8,
        fish: 6,
        palms: 2,
      });
    });
  });
  s.path(circle, 'none', { stroke: '#f4ecd2', 'stroke-width': 8 });
  // fronds framing the emblem
  for (const side of [-1, 1]) {
    for (let i = 0; i < 3; i++)
      frond(
        s,
        cx + side * (R - 20),
        cy + R - 10,
        170 - i * 25,
        side < 0 ? -200 + i * 35 : 20 - i * 35,
        side * -0.5,
        i % 2 ? '#2f8a57' : '#3fa066',
        12,
      );
  }
  vignette(s, 0.45, '#01141c');
}

/* ------------------------------------------------------------------------------------------------ */
/* Registry: every illustration, in manifest order                                                   */
/* ------------------------------------------------------------------------------------------------ */

interface Art {
  name: string;
  w?: number;
  h?: number;
  draw: Draw;
  alt: string;
  caption: string;
}

const art: Art[] = [];

const add = (name: string, draw: Draw, alt: string, caption: string, w = 1600, h = 900): void => {
  art.push({ name, w, h, draw, alt, caption });
};

add(
  'home-hero',
  crossFull({
    openW: 300,
    chamberW: 1100,
    divers: 2,
    tunnels: 2,
    beams: 6,
    stalactites: 34,
    roots: 12,
    fish: 10,
    palms: 4,
    warmth: 0.35,
  }),
  'Illustration of a cenote in cross-section: jungle above, sunbeams falling through the opening into a turquoise flooded cavern with divers',
  'A cenote: a window from the jungle into the flooded caves below.',
);
add(
  'open-cenote',
  (s, rng) =>
    topDown(s, rng, {
      cx: 800,
      cy: 450,
      r: 300,
      rim: 95,
      jitter: 0.08,
      lily: 2,
      swimmers: 2,
      fish: 10,
      platform: true,
      cave: false,
      sun: [-0.6, -0.8],
      warmth: 0.3,
    }),
  'Illustration of an open cenote seen from above: a round turquoise pool inside a ring of limestone, surrounded by jungle',
  'Open cenotes are sunlit pools whose roofs collapsed long ago.',
);
add(
  'semi-open-cenote',
  crossFull({
    openW: 220,
    cx: 540,
    chamberW: 1040,
    chamberShift: 300,
    waterY: 500,
    divers: 1,
    tunnels: 1,
    sunAngle: 16,
    warmth: 0.45,
  }),
  'Illustration of a semi-open cenote in cross-section: a rock overhang shelters part of the pool while light enters through a side opening',
  'Semi-open cenotes are half pool, half cavern under a rock overhang.',
);
add(
  'underground-cenote',
  (s, rng) =>
    dryCave(s, rng, {
      opening: { x: 760, y: 110, r: 80 },
      impact: [860, 640],
      warmth: 0.55,
      water: 'turquoise',
      roots: 7,
      density: 0.5,
    }),
  'Illustration of an underground cenote: a dark cave with stalactites, a small hole in the roof and one shaft of light on the water',
  'Underground cenotes keep their roof: light enters through a single small hole.',
);
add(
  'cavern-light-beams',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 700, y: 90, rx: 170, ry: 70 }],
      beamTilt: 12,
      beamsPer: 9,
      warmth: 0.3,
      dark: 0.1,
      divers: [{ x: 1050, y: 600, scale: 0.75, angle: -8, flip: true }],
      ceilingY: 250,
      floorY: 780,
      stalactites: 0.55,
      fish: 8,
      roots: 6,
    }),
  'Illustration of sunbeams streaming through a cavern opening into clear blue water, with a diver silhouette below',
  'Light beams in a cavern zone, where daylight is always in sight.',
);
add(
  'cave-diver-guideline',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [1050, 380],
      layers: 5,
      far: '#0b2a3d',
      near: '#03101a',
      lit: '#d9c29a',
      spot: [1080, 400],
      spotR: 320,
      density: 0.3,
      columns: 1,
      divers: [{ x: 560, y: 560, scale: 1.05 }],
      guideline: true,
    }),
  'Illustration of a cave diver following a white guideline through a dark flooded passage, lighting the way with a torch',
  'In the cave zone a continuous guideline leads back to daylight.',
);
add(
  'halocline',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 300, y: 60, rx: 120, ry: 50 }],
      beamTilt: 18,
      beamsPer: 5,
      warmth: 0.2,
      dark: 0.35,
      divers: [{ x: 820, y: 380, scale: 0.95, angle: 4 }],
      halocline: 560,
      ceilingY: 200,
      floorY: 820,
      stalactites: 0.45,
    }),
  'Illustration of a halocline: a shimmering, blurry layer where clear fresh water meets denser salt water, with a diver above',
  'The halocline: fresh water floats on salt water, and the boundary shimmers.',
);
add(
  'stalactites',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [820, 420],
      layers: 5,
      far: '#0b2a3d',
      near: '#03101a',
      lit: '#f6e4bb',
      spot: [800, 300],
      spotR: 520,
      litPeak: 0.55,
      litWidth: 2.4,
      rim: true,
      density: 0.8,
      columns: 2,
      divers: [],
      torchFrom: [-60, 1000],
      water: '#15506a',
    }),
  'Illustration of a flooded cave richly decorated with stalactites, stalagmites and columns, lit by a diving torch',
  'Stalactites and stalagmites grew when these caves were dry, in the last ice age.',
);
add(
  'jungle-canopy',
  jungleCanopy,
  'Illustration of layered Yucatan jungle with palms, misty sunbeams and a small cenote glinting in a clearing',
  'The jungle canopy hides thousands of cenotes.',
);
add(
  'mangrove-roots',
  (s, rng) => mangroves(s, rng, { waterY: 430, river: false, trees: 4, diver: false, warmth: 0.3 }),
  'Illustration of mangrove trees seen above and below the water line, their arching roots reaching into clear turquoise water',
  'Mangrove roots shelter fish where cenotes meet the coast.',
);
add(
  'limestone-layers',
  limestoneLayers,
  'Illustration of the Yucatan limestone in cross-section: layers with fossils, rain seeping down and flooded cave passages',
  'The peninsula is a sponge of porous limestone full of water.',
);
add(
  'sinkhole-formation',
  sinkholeStages,
  'Illustration in three panels of how a cenote forms: a flooded cave, a cracking roof that collapses, then an open sinkhole',
  'How a cenote forms: a cave, a collapsing roof, an open window.',
);
add(
  'aquifer-map',
  aquiferMap,
  'Illustrated map of the Yucatan Peninsula with the ring of cenotes around Chicxulub and underground rivers flowing to the Caribbean',
  'The ring of cenotes and the underground rivers of the Yucatan.',
);
add(
  'maya-temple',
  mayaTemple,
  'Illustration of a stepped Maya pyramid rising from the jungle beside a round open cenote with vines on its walls',
  'The Maya built their cities beside cenotes, their only water.',
);
add(
  'dive-gear',
  diveGear,
  'Illustration of scuba gear laid out flat: a steel tank, regulator, mask, a pair of fins, a dive torch and a line reel',
  'The basic kit for a cenote dive.',
);
add(
  'safety-lights',
  safetyLights,
  'Illustration of three dive torches, a primary light with canister and two backups, shining beams across a dark cave',
  'Cave divers carry three lights: one primary and two backups.',
);
add(
  'certification-cards',
  certificationCards,
  'Illustration of four colourful diving certification cards fanned out on a teal background',
  'Cavern and cave diving need specific certifications.',
);
add(
  'cave-fauna',
  caveFauna,
  'Illustration of cenote cave life in a torch beam: a pale blind fish, translucent cave shrimp, a remipede and an isopod',
  'Blind fish and crustaceans live in the dark cave waters.',
);
add(
  'conservation',
  conservation,
  'Illustration of a water drop holding a small cenote with jungle and sunbeams, cradled by leafy branches and circling arrows',
  'The cenotes are the peninsula\u2019s only fresh water: protect them.',
);
add(
  'tourism-boardwalk',
  (s, rng) =>
    oblique(s, rng, {
      horizon: 300,
      cx: 860,
      cy: 560,
      rx: 470,
      ry: 165,
      depth: 135,
      warmth: 0.35,
      boardwalk: true,
      lily: 0,
      swimmers: 3,
      vines: 14,
    }),
  'Illustration of a wooden boardwalk and stairs leading down into an open cenote, where swimmers float in turquoise water',
  'Boardwalks and stairs protect the fragile cenote edges.',
);
add(
  'og-default',
  ogDefault,
  'Cenote Atlas artwork: a circular emblem of a cenote with jungle, light beams and a diver, on a deep teal background',
  'Cenote Atlas',
  1200,
  630,
);

// The cenotes: each has its own recognisable composition, varied by seeded parameters.
add(
  'cenote-dos-ojos',
  (s, rng) => {
    const tilt = rng.range(-10, 10);
    cavernView(s, rng, {
      openings: [
        { x: 470, y: 100, rx: 150, ry: 62 },
        { x: 1150, y: 110, rx: 140, ry: 58 },
      ],
      beamTilt: tilt,
      beamsPer: 6,
      warmth: rng.range(0.2, 0.5),
      dark: 0.15,
      divers: [
        { x: 760, y: 560, scale: 0.7, angle: -6 },
        { x: 930, y: 640, scale: 0.6, angle: 4, flip: true },
      ],
      guideline: [
        [240, 930],
        [520, 760],
        [840, 720],
        [1200, 700],
        [1420, 640],
      ],
      ceilingY: 260,
      floorY: 790,
      stalactites: 0.6,
      fish: 0,
      roots: 4,
    });
  },
  'Illustration of Dos Ojos: two bright cavern openings like a pair of eyes, light beams and divers following a guideline',
  'Dos Ojos: two cenotes, two eyes, one cavern between them.',
);
add(
  'cenote-chac-mool',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 380, y: 120, rx: 200, ry: 80 }],
      beamTilt: rng.range(18, 26),
      beamsPer: 8,
      warmth: 0.7,
      dark: 0.2,
      divers: [{ x: 1000, y: 520, scale: 0.8, angle: -4, flip: true }],
      halocline: 700,
      ceilingY: 240,
      floorY: 820,
      stalactites: 0.7,
      fish: 6,
      roots: 6,
    }),
  'Illustration of Chac Mool cenote: golden sunbeams slanting into a cavern full of stalactites, a diver above a shimmering halocline',
  'Chac Mool: slanting sunbeams and a halocline in the cavern.',
);
add(
  'cenote-kukulkan',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 1120, y: 110, rx: 260, ry: 90 }],
      beamTilt: rng.range(-22, -14),
      beamsPer: 9,
      warmth: 0.85,
      dark: 0.05,
      divers: [
        { x: 520, y: 560, scale: 0.75, angle: -6 },
        { x: 760, y: 650, scale: 0.6, angle: 5 },
      ],
      ceilingY: 250,
      floorY: 760,
      stalactites: 0.75,
      fish: 10,
      roots: 5,
      sand: true,
    }),
  'Illustration of Kukulkan cenote: a wide opening pouring warm golden light into a shallow cavern with stalactites, a sandy floor and divers',
  'Kukulkan: a bright, shallow cavern next to Chac Mool.',
);
add(
  'cenote-carwash',
  (s, rng) =>
    topDown(s, rng, {
      cx: 820,
      cy: 460,
      r: 330,
      rim: 70,
      jitter: 0.14,
      lily: 6,
      swimmers: 1,
      fish: 8,
      platform: true,
      cave: true,
      sun: [0.6, -0.8],
      warmth: 0.4,
    }),
  'Illustration of Car Wash cenote from above: a jungle pool with lily pads, swimmers, a wooden platform and a dark cavern entrance',
  'Car Wash (Aktun Ha): lily pads above, a cavern below.',
);
add(
  'cenote-chikin-ha',
  (s, rng) =>
    oblique(s, rng, {
      horizon: 250,
      cx: 820,
      cy: 560,
      rx: 500,
      ry: 170,
      depth: 120,
      warmth: 0.2,
      lily: 4,
      swimmers: 2,
      vines: 18,
      caveMouth: true,
    }),
  'Illustration of Chikin Ha: an open jungle pool with vines on its walls, swimmers, and a diver heading into a dark cavern entrance',
  'Chikin Ha: an open jungle pool with a cavern beneath.',
);
add(
  'cenote-garden-of-eden',
  (s, rng) =>
    topDown(s, rng, {
      cx: 780,
      cy: 450,
      r: 360,
      rim: 70,
      jitter: 0.12,
      lily: 3,
      swimmers: 4,
      fish: 22,
      platform: false,
      cave: false,
      sun: [-0.7, -0.7],
      warmth: 0.3,
    }),
  'Illustration of Garden of Eden cenote from above: a large clear turquoise pool with swimmers and fish, ringed by rock and jungle',
  'Garden of Eden: a big open pool full of fish.',
);
add(
  'cenote-angelita',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 800, y: 40, rx: 220, ry: 60 }],
      beamTilt: rng.range(-6, 6),
      beamsPer: 5,
      warmth: 0.1,
      dark: 0.55,
      divers: [{ x: 470, y: 340, scale: 0.7, angle: 12 }],
      h2s: 560,
      deadTree: { x: 980, h: 430 },
      ceilingY: 130,
      floorY: 880,
      stalactites: 0.2,
    }),
  'Illustration of Angelita cenote: a diver above a milky hydrogen sulfide cloud, with bare dead tree branches rising out of it',
  'Angelita: an underwater river of hydrogen sulfide with drowned trees.',
);
add(
  'cenote-casa-cenote',
  (s, rng) => mangroves(s, rng, { waterY: 420, river: true, trees: 5, diver: true, warmth: 0.4 }),
  'Illustration of Casa Cenote: a river-like cenote lined by mangroves, their roots hanging into clear water where a diver swims',
  'Casa Cenote: a mangrove river that meets the sea underground.',
);
add(
  'cenote-nohoch-nah-chich',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [700, 420],
      layers: 6,
      far: '#0d3145',
      near: '#03101a',
      lit: '#eadcb8',
      spot: [760, 400],
      spotR: 470,
      density: 0.7,
      columns: 4,
      divers: [{ x: 1150, y: 620, scale: 0.8, flip: true }],
      guideline: true,
      farGlow: true,
    }),
  'Illustration of Nohoch Nah Chich: a wide flooded cave densely decorated with stalactites and columns, lit by a diver\u2019s torch',
  'Nohoch Nah Chich: one of the most decorated cave systems in the world.',
);
add(
  'cenote-yaakun',
  crossFull({
    openW: 140,
    chamberW: 1180,
    waterY: 470,
    bottomY: 850,
    divers: 1,
    tunnels: 2,
    beams: 3,
    warmth: 0.9,
    sunAngle: 4,
    stalactites: 44,
    roots: 14,
    fish: 0,
    dim: 0.7,
    palms: 5,
  }),
  'Illustration of Yaakun cenote in cross-section: a small opening in the jungle floor at golden hour over a vast, dim chamber with one light beam',
  'Yaakun: a narrow opening over a vast, dim chamber.',
);
add(
  'cenote-tak-be-lum',
  (s, rng) =>
    dryCave(s, rng, {
      opening: { x: 600, y: 90, r: 62 },
      impact: [980, 650],
      warmth: 0.7,
      water: 'turquoise',
      roots: 4,
      density: 0.45,
    }),
  'Illustration of Tak Be Lum: a single sharp shaft of sunlight falling through a small hole in a dark cave roof onto the water',
  'Tak Be Lum: one shaft of light in a dark cave.',
);
add(
  'cenote-tak-bi-ha',
  (s, rng) =>
    dryCave(s, rng, {
      opening: { x: 980, y: 120, r: 70 },
      impact: [760, 660],
      warmth: 0.15,
      water: 'blue',
      roots: 3,
      density: 0.75,
      swimmer: true,
    }),
  'Illustration of Tak Bi Ha: a cave with clear glowing blue water under a ceiling full of stalactites and a small skylight',
  'Tak Bi Ha: crystal water under a decorated cave roof.',
);
add(
  'cenote-el-pit',
  (s, rng) => elPit(s, rng),
  'Illustration of El Pit: a deep vertical shaft with one dramatic sunbeam plunging past tiny divers to a hazy cloud far below',
  'The Pit: a deep shaft with a famous beam of light.',
);
add(
  'cenote-nicte-ha',
  (s, rng) =>
    oblique(s, rng, {
      horizon: 280,
      cx: 800,
      cy: 600,
      rx: 440,
      ry: 130,
      depth: 110,
      warmth: 0.25,
      lily: 26,
      swimmers: 0,
      vines: 8,
    }),
  'Illustration of Nicte Ha cenote: a small open pool in the jungle, its water dotted with lily pads and flowers',
  'Nicte Ha: lily pads on a small jungle pool.',
);
add(
  'cenote-dreamgate',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [900, 360],
      layers: 6,
      far: '#0a2233',
      near: '#020b12',
      lit: '#d2c09c',
      spot: [930, 340],
      spotR: 340,
      density: 0.75,
      columns: 3,
      divers: [
        { x: 420, y: 600, scale: 0.85 },
        { x: 1230, y: 640, scale: 0.6, flip: true },
      ],
      guideline: true,
    }),
  'Illustration of Dreamgate: two divers with torches in a pitch-dark cave crowded with stalactites, stalagmites and columns',
  'Dreamgate: a dark cave packed with formations.',
);

/** El Pit: a deep bell-shaped shaft seen from inside, one beam plunging past tiny divers to a hazy cloud. */
function elPit(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin([
      [0, '#4fd0cc'],
      [0.3, '#12789a'],
      [0.7, '#072f4e'],
      [1, '#031421'],
    ]),
  );
  const ox = W * rng.range(0.44, 0.5);
  s.ellipse(
    ox,
    0,
    300,
    120,
    s.radBox([
      [0, '#ffffff'],
      [0.45, '#d9fff8', 0.8],
      [1, '#7fe9e2', 0],
    ]),
  );
  const wall = (layer: number): { d: string; edge: string } => {
    let d = '';
    let edge = '';
    for (const side of [-1, 1]) {
      const pts: P[] = [];
      for (let i = 0; i <= 10; i++) {
        const y = lerp(-30, H + 30, i / 10);
        const inset =
          lerp(W * 0.1, W * 0.4, Math.pow(i / 10, 0.65)) +
          (layer - 1) * 80 +
          rng.range(-22, 22) +
          (layer === 2 ? -40 * (1 - i / 10) : 0);
        pts.push([ox + side * inset, y]);
      }
      const outer = side < 0 ? -60 : W + 60;
      const ring =
        side < 0
          ? [[outer, -60] as P, ...pts, [outer, H + 60] as P]
          : [[outer, H + 60] as P, ...[...pts].reverse(), [outer, -60] as P];
      d += smoothPath(clockwise(ring), true, 0.9);
      edge += smoothPath(pts, false);
    }
    return { d, edge };
  };
  const layers = [wall(0), wall(1), wall(2)];
  const fills = [
    s.lin([
      [0, '#3aa6b0'],
      [0.35, '#135a72'],
      [1, '#041723'],
    ]),
    s.lin([
      [0, '#1f7a8c'],
      [0.35, '#0b3a52'],
      [1, '#030f18'],
    ]),
    s.lin([
      [0, '#0d4a5e'],
      [0.4, '#062536'],
      [1, '#01070c'],
    ]),
  ];
  const draw = (i: number): void => {
    const l = at(layers, i);
    s.path(l.d, at(fills, i));
    if (i < 2) s.path(l.edge, 'none', { stroke: '#bff6f0', 'stroke-width': 3, 'stroke-opacity': 0.2 - i * 0.07 });
    s.group({ 'clip-path': s.clip(l.d) }, () => {
      let strata = '';
      for (let j = 0; j < 14; j++) {
        const y = rng.range(0, H);
        const x0 = rng.chance(0.5) ? rng.range(-20, W * 0.3) : rng.range(W * 0.6, W);
        strata += smoothPath(wavePoints(x0, x0 + rng.range(120, 320), y, 5, 0.02, rng.range(0, TAU), 5), false);
      }
      s.path(strata, 'none', { stroke: i === 2 ? '#0f3a4d' : '#7fd0d2', 'stroke-width': 2.5, 'stroke-opacity': 0.14 });
    });
  };
  draw(0);
  // halocline shimmer and the hazy hydrogen sulfide cloud far below
  const hy = H * 0.62;
  s.path(smoothPath(wavePoints(-20, W + 20, hy, 6, 0.012, 2, 20), false), 'none', {
    stroke: '#bdf5f0',
    'stroke-width': 12,
    'stroke-opacity': 0.22,
    filter: s.blur(4),
  });
  s.path(smoothPath(wavePoints(-20, W + 20, hy, 6, 0.012, 2, 20), false), 'none', {
    stroke: '#e8fffc',
    'stroke-width': 2,
    'stroke-opacity': 0.4,
  });
  const cloudTop = H * 0.84;
  const cloudD =
    smoothPath(wavePoints(-40, W + 40, cloudTop, 14, 0.007, 1, 20), false) + `L${W + 40},${H + 40}L-40,${H + 40}Z`;
  s.path(cloudD, '#e9e0c6', { opacity: 0.35, filter: s.blur(28) });
  s.path(
    cloudD,
    s.lin([
      [0, '#d8ceb0', 0.15],
      [0.25, '#a89874', 0.6],
      [1, '#2e281d', 0.95],
    ]),
    { filter: s.blur(8) },
  );
  // the beam
  const tilt = deg(rng.range(5, 10));
  const len = H * 1.05;
  const end: P = [ox + Math.sin(tilt) * len, Math.cos(tilt) * len];
  beam(s, [ox, 0], end, 150, 300, '#f4fff9', 0.5, 20);
  beam(s, [ox, 0], end, 56, 130, '#ffffff', 0.55, 6);
  s.ellipse(
    end[0] - 20,
    cloudTop + 14,
    200,
    26,
    s.radBox([
      [0, '#fff8e4', 0.55],
      [1, '#fff8e4', 0],
    ]),
  );
  draw(1);
  // divers, tiny against the scale of the shaft
  diver(s, ox - 70, H * 0.4, 0.4, 72, { torch: true, beam: 200, bubbles: rng });
  diver(s, ox + 110, H * 0.55, 0.3, 84, { torch: true, beam: 220, flip: true });
  diver(s, ox - 150, H * 0.72, 0.24, 66, { torch: true, beam: 240 });
  draw(2);
  particles(s, rng, 0, 0, W, H, 60, '#e5fbff', 0.2);
  vignette(s, 0.5);
}

/* ------------------------------------------------------------------------------------------------ */
/* Command line                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

const LIMITS = { svg: 40 * 1024, webp: 60 * 1024, avif: 60 * 1024 };

function render(a: Art): string {
  const s = new Svg(a.w ?? 1600, a.h ?? 900);
  a.draw(s, new Rng(a.name));
  return s.toString();
}

async function check(names: readonly string[]): Promise<boolean> {
  let ok = true;
  console.log(`${'name'.padEnd(26)} ${'svg'.padStart(8)} ${'webp'.padStart(8)} ${'avif'.padStart(8)}`);
  for (const name of names) {
    const svg = await readFile(path.join(outDir, `${name}.svg`));
    const webp = await sharp(svg).resize(1600).webp({ quality: 80 }).toBuffer();
    const avif = await sharp(svg).resize(1600).avif({ quality: 55 }).toBuffer();
    const over = svg.length > LIMITS.svg || webp.length > LIMITS.webp || avif.length > LIMITS.avif;
    if (over) ok = false;
    const kb = (b: number): string => `${(b / 1024).toFixed(1)}K`.padStart(8);
    console.log(
      `${name.padEnd(26)} ${kb(svg.length)} ${kb(webp.length)} ${kb(avif.length)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  console.log(`limits: svg ${LIMITS.svg / 1024}K, webp ${LIMITS.webp / 1024}K, avif ${LIMITS.avif / 1024}K`);
  return ok;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const only = flag('--only')?.split(',');
  const pngDir = flag('--png');
  const selected = art.filter((a) => !only || only.includes(a.name));
  if (only && selected.length !== only.length) throw new Error(`unknown name in --only: ${only.join(',')}`);

  if (args.includes('--check')) {
    const ok = await check(selected.map((a) => a.name));
    if (!ok) {
      console.error('Some images are over budget.');
      process.exitCode = 1;
    }
    return;
  }

  await mkdir(outDir, { recursive: true });
  for (const a of selected) {
    const svg = render(a);
    await writeFile(path.join(outDir, `${a.name}.svg`), svg);
    if (pngDir) {
      await mkdir(pngDir, { recursive: true });
      await sharp(Buffer.from(svg))
        .png()
        .toFile(path.join(pngDir, `${a.name}.png`));
    }
    console.log(`${a.name.padEnd(26)} ${(svg.length / 1024).toFixed(1)}K`);
  }
  const manifest = art.map((a) => ({ name: a.name, alt: a.alt, caption: a.caption, category: 'illustration' }));
  for (const m of manifest) {
    if (m.alt.length < 10 || m.alt.length > 200) throw new Error(`${m.name}: alt text must be 10-200 characters`);
  }
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(
    `wrote ${selected.length} SVGs and manifest.json (${manifest.length} entries) to ${path.relative(root, outDir)}`,
  );
}

await main();
