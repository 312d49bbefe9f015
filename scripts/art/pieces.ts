import { type Rng, at, deg, fmt, lerp, n, pt, type Attrs, type P } from './basics';
import { dotsPath, leafPath, polyPath } from './geometry';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Reusable pieces: vegetation, divers, fish, light                                                  */
/* ------------------------------------------------------------------------------------------------ */

/** A tree line silhouette: a row of crowns (arcs) standing on `base`. */
export function treeLine(
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

export function palm(
  s: Svg,
  rng: Rng,
  x: number,
  base: number,
  h: number,
  lean: number,
  trunk: string,
  leaf: string,
): void {
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
export function leaf(
  s: Svg,
  x: number,
  y: number,
  len: number,
  wid: number,
  angle: number,
  fill: string,
  rib?: string,
): void {
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
export function frond(
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

export const DIVER =
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

export interface DiverOpts {
  color?: string;
  torch?: boolean;
  beam?: number;
  light?: string;
  flip?: boolean;
  opacity?: number;
  bubbles?: Rng;
}

/** A scuba diver silhouette, swimming to the right (or left when flipped), optionally with a torch. */
export function diver(s: Svg, x: number, y: number, scale: number, angle: number, o: DiverOpts = {}): void {
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

export function fishPath(x: number, y: number, size: number, flip: boolean): string {
  const k = size / 20;
  const f = flip ? -k : k;
  const p = (px: number, py: number): string => `${n(x + px * f)},${n(y + py * k)}`;
  return `M${p(10, 0)}C${p(6, -5)} ${p(-3, -5)} ${p(-7, -1)}L${p(-13, -5)}L${p(-11, 0)}L${p(-13, 5)}L${p(-7, 1)}C${p(-3, 5)} ${p(6, 5)} ${p(10, 0)}Z`;
}

/** A loose school of small fish as one path. */
export function school(
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
export function beam(
  s: Svg,
  from: P,
  to: P,
  w0: number,
  w1: number,
  color: string,
  op: number,
  blur: number,
  fade = 1,
): void {
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

export function particles(
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

export function vignette(s: Svg, op: number, color = '#021019'): void {
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
export function hangingLines(
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
export function guideline(s: Svg, pts: readonly P[], width: number, color = '#f4efe1', op = 0.85): void {
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
