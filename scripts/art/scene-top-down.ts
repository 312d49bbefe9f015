import { type Rng, TAU, fmt, lerp, mix, n, type P } from './basics';
import { blobPoints, ellipsePath, smoothPath } from './geometry';
import { school, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: an open cenote seen from above (jungle canopy, rock ring, sunlit pool)                    */
/* ------------------------------------------------------------------------------------------------ */

export interface TopOpts {
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

export const CROWNS = ['#2e7a45', '#3f8f4a', '#56a152', '#2a6b46', '#6aae58', '#36804f'];

export function crowns(s: Svg, rng: Rng, list: readonly [number, number, number, string][], sun: P): void {
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

export function topDown(s: Svg, rng: Rng, o: TopOpts): void {
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
