import { type Rng, TAU, at, lerp, mix, n, type P } from './basics';
import { blobPoints, dotsPath, ellipsePath, moundPath, smoothPath, wavePoints } from './geometry';
import { beam, hangingLines, vignette } from './pieces';
import { caveLayers } from './scene-dark-cave';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a dry underground cenote (cave room, hole in the roof, one shaft of light, a pool)        */
/* ------------------------------------------------------------------------------------------------ */

export interface DryCaveOpts {
  opening: { x: number; y: number; r: number };
  impact: P;
  warmth: number;
  water: 'turquoise' | 'blue';
  roots: number;
  density: number;
  swimmer?: boolean;
}

/** A dry cave room over an underground pool, lit by one shaft of sun through a hole in the roof. */
export function dryCave(s: Svg, rng: Rng, o: DryCaveOpts): void {
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
