import { type Rng, TAU, deg, lerp, mix, n, type P } from './basics';
import { blobPoints, dotsPath, ellipsePath, smoothPath, wavePoints } from './geometry';
import { beam, fishPath, particles, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a shallow sunlit lily garden seen from below (Nicte Ha)                                     */
/* ------------------------------------------------------------------------------------------------ */

export interface LilyGardenOpts {
  /** Where the underside of the surface meets the hazy distance. */
  horizon: number;
  /** Where the far bottom meets the haze. */
  farBed: number;
  pads: number;
  warmth: number;
}

/** A lily pad seen from below at an angle: an ellipse with the pad's V-shaped notch cut out. */
function padPath(cx: number, cy: number, rx: number, ry: number, notch: number): string {
  const gap = deg(14);
  const steps = 14;
  let d = `M${n(cx)},${n(cy)}`;
  for (let i = 0; i <= steps; i++) {
    const a = notch + gap + ((TAU - 2 * gap) * i) / steps;
    d += `L${n(cx + Math.cos(a) * rx)},${n(cy + Math.sin(a) * ry)}`;
  }
  return d + 'Z';
}

/** A water lily flower above the surface, seen through it: a soft crown of pale petals. */
function flower(s: Svg, x: number, y: number, size: number): void {
  let d = '';
  for (let i = 0; i < 7; i++) {
    const a = deg(-170 + (i * 160) / 6);
    const tip: P = [x + Math.cos(a) * size, y + Math.sin(a) * size * 0.9];
    const l: P = [x + Math.cos(a - 0.28) * size * 0.45, y + Math.sin(a - 0.28) * size * 0.45];
    const r: P = [x + Math.cos(a + 0.28) * size * 0.45, y + Math.sin(a + 0.28) * size * 0.45];
    d += `M${n(x)},${n(y)}Q${n(l[0])},${n(l[1])} ${n(tip[0])},${n(tip[1])}Q${n(r[0])},${n(r[1])} ${n(x)},${n(y)}Z`;
  }
  s.path(
    d,
    s.radBox([
      [0, '#fff8f4'],
      [1, '#f2b9cc'],
    ]),
    { opacity: 0.92 },
  );
  s.circle(x, y - size * 0.1, size * 0.16, '#f6d56a');
}

/** A turtle swimming just under the surface, seen from below. */
function turtle(s: Svg, x: number, y: number, scale: number, angle: number): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) rotate(${angle}) scale(${scale})` }, () => {
    const flipper = 'M20,-28C40,-62 70,-74 88,-70C70,-52 50,-36 32,-20Z';
    const rear = 'M-44,-20C-60,-40 -78,-44 -88,-38C-76,-26 -64,-16 -50,-10Z';
    const fl = (d: string) => s.path(d, '#1c4a3c', { opacity: 0.92 });
    fl(flipper);
    fl(rear);
    fl('M20,28C40,62 70,74 88,70C70,52 50,36 32,20Z');
    fl('M-44,20C-60,40 -78,44 -88,38C-76,26 -64,16 -50,10Z');
    fl('M-66,0L-92,-6L-92,6Z');
    s.ellipse(62, 0, 22, 15, '#1c4a3c', { opacity: 0.92 });
    s.ellipse(
      0,
      0,
      70,
      46,
      s.radBox([
        [0, '#4d7a4a'],
        [0.7, '#2a5a40'],
        [1, '#173c30'],
      ]),
    );
    s.path(
      'M-40,-24L-10,-12L26,-20M-40,24L-10,12L26,20M-10,-12L-10,12M26,-20L40,0L26,20M-40,-24L-56,0L-40,24',
      'none',
      {
        stroke: '#a8cf8e',
        'stroke-width': 2.5,
        'stroke-opacity': 0.45,
      },
    );
  });
}

/** Caustics: the net of bright lines sunlight draws on a shallow bottom. */
function caustics(s: Svg, rng: Rng, x0: number, x1: number, y0: number, y1: number, light: string): void {
  let d = '';
  const rows = 5;
  for (let r = 0; r < rows; r++) {
    const t = r / (rows - 1);
    const y = lerp(y0, y1, t);
    const cell = lerp(110, 230, t);
    for (let x = x0 + rng.range(0, cell); x < x1; x += cell * rng.range(0.9, 1.3)) {
      const pts = blobPoints(rng, x, y + rng.range(-20, 20) * t, cell * 0.45, cell * lerp(0.1, 0.26, t), 5, 0.4);
      d += smoothPath(pts, true, 0.8);
    }
  }
  s.path(d, 'none', { stroke: light, 'stroke-width': 3.5, 'stroke-opacity': 0.22, filter: s.blur(2.4) });
}

export function lilyGarden(s: Svg, rng: Rng, o: LilyGardenOpts): void {
  const { w: W, h: H } = s;
  const light = mix('#f1fff6', '#fff4cf', o.warmth);
  const hz = o.horizon;
  // the water: bright under the surface, hazy green-teal in the distance, deeper toward the viewer's feet
  s.rect(
    0,
    0,
    W,
    H,
    s.lin([
      [0, '#dffcf1'],
      [hz / H, '#8fdcc8'],
      [o.farBed / H, '#4fb3a2'],
      [1, '#2a8478'],
    ]),
  );
  // Snell's window: the sky and the jungle rim seen through the surface overhead
  const win = { x: W * 0.46, y: -30, rx: 560, ry: 250 };
  const windowPath = ellipsePath(win.x, win.y, win.rx, win.ry);
  s.ellipse(
    win.x,
    win.y,
    win.rx * 1.25,
    win.ry * 1.35,
    s.radBox([
      [0.6, light, 0.7],
      [1, light, 0],
    ]),
  );
  s.group({ 'clip-path': s.clip(windowPath) }, () => {
    s.path(
      windowPath,
      s.lin([
        [0, '#f9fffd'],
        [1, mix('#c6f0f4', '#f6e9bf', o.warmth)],
      ]),
    );
    // the trees around the pool, bent into a ring by refraction
    let rim = '';
    for (let a = 0.02; a < Math.PI - 0.02; a += rng.range(0.05, 0.09)) {
      const r = rng.range(0.86, 0.95);
      const cx = win.x + Math.cos(a) * win.rx * r;
      const cy = win.y + Math.sin(a) * win.ry * r;
      rim += ellipsePath(cx, cy, rng.range(34, 60), rng.range(24, 40));
    }
    s.path(ellipsePath(win.x, win.y, win.rx, win.ry), 'none', {
      stroke: '#3d7a4e',
      'stroke-width': 90,
      'stroke-opacity': 0.8,
    });
    s.path(
      rim,
      s.lin([
        [0, '#6fae64'],
        [1, '#2f6a44'],
      ]),
      { opacity: 0.9 },
    );
  });
  // the rest of the surface's underside: a silvery mirror with ripples, denser toward the horizon
  let ripples = '';
  for (let i = 0; i < 12; i++) {
    const t = Math.pow(i / 11, 0.7);
    const y = lerp(20, hz - 6, t);
    ripples += smoothPath(
      wavePoints(-20, W + 20, y, lerp(7, 2, t), lerp(0.012, 0.03, t), rng.range(0, TAU), 14),
      false,
    );
  }
  s.path(ripples, 'none', { stroke: '#ffffff', 'stroke-width': 2.2, 'stroke-opacity': 0.4 });
  s.rect(
    0,
    hz - 40,
    W,
    80,
    s.lin([
      [0, '#d8fff4', 0],
      [0.5, '#eafff8', 0.6],
      [1, '#d8fff4', 0],
    ]),
    { filter: s.blur(6) },
  );
  // the bottom: a gentle green slope of sand and water plants, lit by caustics
  const bed = (x: number): number => lerp(o.farBed, H - 40, Math.pow(Math.max(0, x) / W, 1.4) * 0.25);
  const bottom: P[] = [];
  for (let i = 0; i <= 10; i++) {
    const x = lerp(-30, W + 30, i / 10);
    bottom.push([x, bed(x) + rng.range(-14, 14)]);
  }
  s.path(
    smoothPath(bottom, false) + `L${W + 30},${H + 20}L-30,${H + 20}Z`,
    s.lin(
      [
        [0, '#8fc795'],
        [0.3, '#a7c98c'],
        [1, '#5e9560'],
      ],
      0,
      o.farBed,
      0,
      H,
      true,
    ),
  );
  caustics(s, rng, -40, W + 40, o.farBed + 30, H - 20, '#f6ffe0');
  // the far bottom fades into the green haze of the water
  s.rect(
    0,
    o.farBed - 30,
    W,
    260,
    s.lin([
      [0, '#5fbfae', 0.95],
      [0.45, '#5fbfae', 0.45],
      [1, '#5fbfae', 0],
    ]),
  );
  // sunbeams slanting from the upper left
  for (let i = 0; i < 8; i++) {
    const x = rng.range(-100, W * 0.8);
    const a = deg(rng.range(14, 24));
    const len = H * rng.range(1.0, 1.3);
    beam(
      s,
      [x, 0],
      [x + Math.sin(a) * len, Math.cos(a) * len],
      rng.range(30, 80),
      rng.range(120, 220),
      light,
      rng.range(0.16, 0.3),
      12,
    );
  }
  // algae-green boulders on the bottom
  let rocks = '';
  for (let i = 0; i < 9; i++) {
    const x = rng.range(0, W);
    const t = rng.range(0.15, 1);
    const y = lerp(o.farBed + 20, H + 10, t);
    rocks += smoothPath(blobPoints(rng, x, y, lerp(30, 110, t), lerp(12, 46, t), 8, 0.22), true);
  }
  s.path(
    rocks,
    s.lin([
      [0, '#6fa66c'],
      [1, '#2f6348'],
    ]),
    { opacity: 0.85 },
  );
  // water plants: tufts of long leaves swaying up from the bottom
  let weeds = '';
  for (let i = 0; i < 45; i++) {
    const x = rng.range(-20, W + 20);
    const t = rng.range(0, 1);
    const y = lerp(o.farBed + 10, H + 10, t);
    const l = lerp(20, 110, t) * rng.range(0.6, 1.2);
    const sway = rng.range(-0.4, 0.4) * l;
    weeds += `M${n(x)},${n(y)}q${n(sway * 0.3)},${n(-l * 0.5)} ${n(sway)},${n(-l)}`;
  }
  s.path(weeds, 'none', { stroke: '#2f7350', 'stroke-width': 3, 'stroke-opacity': 0.75, 'stroke-linecap': 'round' });
  // the overhang on the right edge: rock leaning over the water, a dark passage beneath it
  const over: P[] = [
    [W + 40, -40],
    [W - 120, 60],
    [W - 190, 200],
    [W - 150, hz + 40],
    [W - 230, o.farBed + 60],
    [W - 150, H * 0.8],
    [W + 40, H + 40],
  ];
  s.path(
    smoothPath(over, true, 0.8),
    s.lin(
      [
        [0, '#1d4d48'],
        [1, '#0c2a2c'],
      ],
      W - 240,
      0,
      W,
      0,
      true,
    ),
  );
  s.ellipse(W - 90, o.farBed + 40, 70, 120, '#051719', { opacity: 0.85, filter: s.blur(14) });
  // pads and their long stems; near pads (top of the picture) are big, far ones small and flat
  const pads: { x: number; y: number; rx: number; ry: number; t: number }[] = [];
  for (let i = 0; i < o.pads; i++) {
    const t = Math.pow(rng.next(), 0.8);
    const y = lerp(24, hz - 8, t);
    const rx = lerp(120, 26, t) * rng.range(0.75, 1.2);
    pads.push({ x: rng.range(-40, W - 160), y, rx, ry: rx * lerp(0.42, 0.16, t), t });
  }
  pads.sort((a, b) => b.t - a.t);
  let stems = '';
  for (const p of pads) {
    const end = lerp(H + 30, o.farBed + 30, p.t) + rng.range(-20, 20);
    const drift = rng.range(-0.25, 0.25) * (end - p.y);
    stems += `M${n(p.x)},${n(p.y)}C${n(p.x + drift * 0.6)},${n(lerp(p.y, end, 0.35))} ${n(p.x - drift * 0.4)},${n(lerp(p.y, end, 0.7))} ${n(p.x + drift * 0.3)},${n(end)}`;
  }
  s.path(stems, 'none', { stroke: '#3d7a45', 'stroke-width': 3.2, 'stroke-opacity': 0.8, 'stroke-linecap': 'round' });
  // small fish darting between the stems
  let fish = '';
  for (let i = 0; i < 16; i++) {
    const t = rng.range(0.2, 0.8);
    fish += fishPath(
      rng.range(W * 0.15, W * 0.75),
      lerp(hz + 40, H - 160, t),
      lerp(7, 14, t) * rng.range(0.8, 1.2),
      i % 3 === 0,
    );
  }
  s.path(
    fish,
    s.lin([
      [0, '#eef8f2'],
      [1, '#8fb7a8'],
    ]),
    { opacity: 0.85 },
  );
  turtle(s, W * 0.7, hz + 60, 0.9, -14);
  // the pads themselves: dark against the bright surface, their edges glowing where sun shines through
  for (const p of pads) {
    const d = padPath(p.x, p.y, p.rx, p.ry, rng.range(0, TAU));
    s.path(
      d,
      s.radBox([
        [0, '#1f4424'],
        [0.8, '#2f5e2e'],
        [1, '#5c9a46'],
      ]),
      { opacity: 0.95, stroke: '#9ed37a', 'stroke-width': 2.5, 'stroke-opacity': 0.7 },
    );
  }
  // flowers above a few pads, blurred by the surface
  for (const p of pads.filter((_, i) => i % 5 === 2)) flower(s, p.x + p.rx * 0.3, p.y - p.ry * 0.6, p.rx * 0.42);
  const motes: [number, number, number][] = [];
  for (let i = 0; i < 30; i++) motes.push([rng.range(0, W), rng.range(hz, H), rng.range(0.8, 2.2)]);
  s.path(dotsPath(motes), '#ffffff', { opacity: 0.35 });
  particles(s, rng, 0, 0, W, hz, 20, '#ffffff', 0.3);
  vignette(s, 0.3, '#0d3a36');
}
