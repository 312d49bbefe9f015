import { type Rng, lerp, n, type P } from './basics';
import { blobPoints, moundPath, polyPath, smoothPath, wavePoints } from './geometry';
import { beam, diver, fishPath, guideline, particles, vignette } from './pieces';
import { caveLayers } from './scene-dark-cave';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a decorated hall behind a small hole in the ground, lamp-lit over glass-clear water        */
/* (Tak Bi Ha)                                                                                       */
/* ------------------------------------------------------------------------------------------------ */

export interface HiddenHallOpts {
  waterY: number;
  /** The small opening in the forest floor, high in one corner. */
  hole: { x: number; y: number; r: number };
  /** Lamps along the platform and walls (their light is the hall's light). */
  lamps: P[];
}

/** A bat hanging from the ceiling (folded) or flying (wings spread). */
function bat(x: number, y: number, size: number, flying: boolean): string {
  const k = size / 10;
  const p = (px: number, py: number): string => `${n(x + px * k)},${n(y + py * k)}`;
  if (!flying) return `M${p(-3, 0)}Q${p(-5, 8)} ${p(0, 14)}Q${p(5, 8)} ${p(3, 0)}Z`;
  return (
    `M${p(0, -2)}Q${p(-6, -8)} ${p(-14, -6)}Q${p(-11, -2)} ${p(-12, 2)}Q${p(-7, 0)} ${p(-5, 3)}L${p(0, 2)}` +
    `L${p(5, 3)}Q${p(7, 0)} ${p(12, 2)}Q${p(11, -2)} ${p(14, -6)}Q${p(6, -8)} ${p(0, -2)}Z`
  );
}

/** A swimmer floating face down at the surface with a snorkel, seen from the side. */
function snorkeller(s: Svg, x: number, y: number, scale: number, flip: boolean): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) scale(${flip ? -scale : scale} ${scale})` }, () => {
    s.path(
      'M52,2C44,-6 24,-8 4,-6C-18,-4 -44,-2 -70,0L-96,-2L-98,4L-70,6C-44,10 -18,12 4,10C24,10 44,10 52,2Z' +
        'M66,0a12,11 0 1,1 -24,0a12,11 0 1,1 24,0Z',
      '#1a1210',
    );
    s.path('M58,-8L60,-30', 'none', { stroke: '#f0a23c', 'stroke-width': 4, 'stroke-linecap': 'round' });
  });
}

export function hiddenHall(s: Svg, rng: Rng, o: HiddenHallOpts): void {
  const { w: W, h: H } = s;
  const wy = o.waterY;
  const lamp = '#ffd99a';
  // warm darkness of the hall
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#6e5238'],
        [0.45, '#2a1d14'],
        [1, '#080504'],
      ],
      W * 0.55,
      wy - 160,
      W * 0.7,
      H * 0.8,
    ),
  );
  // seen through the clear water: the pale floor of the hall with its stalagmites
  const floor: P[] = [];
  for (let i = 0; i <= 10; i++) {
    const x = lerp(-40, W + 40, i / 10);
    floor.push([x, H - 120 + 50 * Math.sin(i * 0.8 + 0.5) + rng.range(-20, 20)]);
  }
  s.path(
    smoothPath(floor, false) + `L${W + 40},${H + 40}L-40,${H + 40}Z`,
    s.lin([
      [0, '#cdbf98'],
      [1, '#8a7a5c'],
    ]),
  );
  let stumps = '';
  for (const [x, y] of floor) {
    if (!rng.chance(0.8)) continue;
    stumps += moundPath(x + rng.range(-40, 40), y + 16, rng.range(30, 70), rng.range(40, 130));
  }
  s.path(stumps, '#a89670');
  // the hall: ceiling hung with stalactites and curtains, thick columns, walls, lit by the lamps
  const centre = o.lamps.reduce<P>(
    (sum, l) => [sum[0] + l[0] / o.lamps.length, sum[1] + l[1] / o.lamps.length],
    [0, 0],
  );
  caveLayers(s, rng, {
    layers: 4,
    far: '#6a533e',
    near: '#0e0907',
    lit: '#f4c888',
    spot: [centre[0], centre[1] - 180],
    spotR: W * 0.42,
    litPeak: 0.4,
    litWidth: 1.2,
    rim: true,
    ceil: [wy - 260, 70],
    walls: 230,
    arch: 0.55,
    cx: W * 0.55,
    density: 0.85,
    columns: 3,
    curtains: true,
  });
  // the small opening in the forest floor, with a little daylight and the stairs that lead down from it
  const { x: hx, y: hy, r: hr } = o.hole;
  const hole = smoothPath(blobPoints(rng, hx, hy, hr, hr * 0.55, 9, 0.1), true);
  s.ellipse(
    hx,
    hy,
    hr * 3,
    hr * 2,
    s.radBox([
      [0, '#f2f6d8', 0.45],
      [1, '#f2f6d8', 0],
    ]),
  );
  s.path(
    hole,
    s.radBox([
      [0, '#ffffff'],
      [0.6, '#e4f2c8'],
      [1, '#6f9a4e'],
    ]),
  );
  beam(s, [hx, hy], [hx + 170, wy], hr * 1.2, hr * 3, '#f4f7de', 0.22, 14);
  const stairs: string[] = [];
  let rails = '';
  const steps = 11;
  for (let i = 0; i < steps; i++) {
    const t = i / (steps - 1);
    const x = lerp(hx + 20, hx + 300, t);
    const y = lerp(hy + 70, wy - 18, t);
    stairs.push(
      polyPath([
        [x - 34, y],
        [x + 34, y],
        [x + 30, y + 9],
        [x - 30, y + 9],
      ]),
    );
    rails += `M${n(x - 30)},${n(y + 9)}V${n(y - 34)}`;
  }
  s.path(`M${n(hx - 10)},${n(hy + 36)}L${n(hx + 270)},${n(wy - 52)}` + rails, 'none', {
    stroke: '#3b2616',
    'stroke-width': 4,
    'stroke-linecap': 'round',
  });
  s.path(stairs.join(''), '#a77a4c');
  // the platform at the water's edge
  s.path(
    polyPath([
      [hx + 230, wy - 18],
      [hx + 520, wy - 18],
      [hx + 510, wy],
      [hx + 240, wy],
    ]),
    '#8a6038',
  );
  // lamps: bright points with halos that warm the rock around them
  for (const [x, y] of o.lamps) {
    s.ellipse(
      x,
      y - 60,
      360,
      260,
      s.radBox([
        [0, lamp, 0.32],
        [1, lamp, 0],
      ]),
    );
  }
  // the lamps themselves, low on rocks at the water's edge
  let ledges = '';
  for (const [x, y] of o.lamps) ledges += moundPath(x, wy + 2, 90, wy - y + 6);
  s.path(ledges, '#2a1c12');
  for (const [x, y] of o.lamps) {
    s.circle(
      x,
      y - 8,
      46,
      s.radBox([
        [0, '#ffffff', 0.95],
        [0.25, lamp, 0.7],
        [1, lamp, 0],
      ]),
    );
  }
  // bats roosting in the air-filled roof, two on the wing
  let bats = '';
  for (let i = 0; i < 9; i++) bats += bat(rng.range(W * 0.3, W * 0.85), rng.range(40, 150), rng.range(8, 12), false);
  bats += bat(W * 0.62, 210, 14, true) + bat(W * 0.7, 170, 10, true);
  s.path(bats, '#120c09');
  // the water: so clear that the surface is only a glint and a faint tint
  s.rect(
    0,
    wy,
    W,
    H - wy,
    s.lin([
      [0, '#59d2d2', 0.45],
      [0.5, '#1f9fb0', 0.55],
      [1, '#0b5a72', 0.75],
    ]),
  );
  // the lamps' reflections and their light under the water
  for (const [x] of o.lamps) {
    s.rect(
      x - 14,
      wy + 4,
      28,
      130,
      s.lin([
        [0, lamp, 0.6],
        [1, lamp, 0],
      ]),
      { filter: s.blur(6) },
    );
    beam(s, [x, wy], [x + rng.range(-80, 80), H], 40, 200, '#bff6f0', 0.18, 10);
  }
  s.path(smoothPath(wavePoints(-20, W + 20, wy, 2, 0.03, 0.6, 24), false), 'none', {
    stroke: '#fff3d8',
    'stroke-width': 2.5,
    'stroke-opacity': 0.75,
  });
  snorkeller(s, W * 0.6, wy + 4, 0.75, false);
  snorkeller(s, W * 0.78, wy + 4, 0.65, true);
  // a diver below, following the guideline past the formations
  guideline(
    s,
    [
      [W * 0.3, H + 10],
      [W * 0.45, H - 110],
      [W * 0.62, H - 150],
      [W * 0.82, H - 170],
      [W + 20, H - 190],
    ],
    2.4,
    '#eef6f2',
    0.7,
  );
  diver(s, W * 0.44, H - 190, 0.6, -4, { torch: true, beam: 300, light: '#fff4d6', color: '#08242e', bubbles: rng });
  let fish = '';
  for (let i = 0; i < 9; i++)
    fish += fishPath(rng.range(W * 0.6, W * 0.9), rng.range(wy + 60, H - 160), rng.range(8, 13), i % 2 === 0);
  s.path(fish, '#e8f6f2', { opacity: 0.7 });
  particles(s, rng, 0, wy, W, H, 30, '#ffffff', 0.3);
  particles(s, rng, 0, 0, W, wy, 25, '#ffe9c0', 0.3);
  vignette(s, 0.55, '#000000');
}
