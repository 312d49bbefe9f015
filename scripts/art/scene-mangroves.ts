import { type Rng, TAU, lerp, n, type P } from './basics';
import { ellipsePath, polyPath, smoothPath } from './geometry';
import { beam, diver, particles, school, treeLine } from './pieces';
import { clockwise } from './scene-dark-cave';
import { sky } from './scene-oblique';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: mangroves, split above and below the water line                                            */
/* ------------------------------------------------------------------------------------------------ */

/** A filled, tapering band along a cubic Bézier (roots, branches); always clockwise. */
export function tapered(p0: P, c1: P, c2: P, p3: P, w0: number, w1: number): string {
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

export interface MangroveOpts {
  waterY: number;
  /** A river-like cenote with banks receding to the horizon, rather than a shore of trees. */
  river: boolean;
  trees: number;
  diver: boolean;
  warmth: number;
}

/** Mangroves seen half above and half below the water line, their prop roots arching into clear water. */
export function mangroves(s: Svg, rng: Rng, o: MangroveOpts): void {
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
