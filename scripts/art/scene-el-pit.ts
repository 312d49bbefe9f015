import { type Rng, TAU, at, deg, lerp, type P } from './basics';
import { smoothPath, wavePoints } from './geometry';
import { beam, diver, particles, vignette } from './pieces';
import { clockwise } from './scene-dark-cave';
import { type Svg } from './svg';

/** El Pit: a deep bell-shaped shaft seen from inside, one beam plunging past tiny divers to a hazy cloud. */
export function elPit(s: Svg, rng: Rng): void {
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
