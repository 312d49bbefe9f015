import { type Rng, TAU, deg, lerp, n, type P } from './basics';
import { dotsPath, polyPath, smoothPath } from './geometry';
import { diver, guideline, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a pitch-dark cavern of swollen formations, silt dunes and mist, seen by torchlight         */
/* (Tak Be Lum)                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

export interface KnobblyCavernOpts {
  /** The diver's place and size; the torch points toward `aim`. */
  diver: { x: number; y: number; scale: number };
  aim: P;
  /** Half the opening angle of the torch cone, in degrees. */
  spread: number;
  /** The floor line at the left and right edges (silt dunes roll between them). */
  floor: [number, number];
}

/** An ellipse wound clockwise, like the rock outlines, so overlapping knobs fill solid in one path. */
function knob(x: number, y: number, rx: number, ry: number): string {
  return `M${n(x - rx)},${n(y)}a${n(rx)},${n(ry)} 0 1,1 ${n(2 * rx)},0a${n(rx)},${n(ry)} 0 1,1 ${n(-2 * rx)},0Z`;
}

/** A cluster of round knobs (grapes, cauliflower, coral heads) grown around one point. */
function knobs(rng: Rng, x: number, y: number, size: number, hanging: boolean): string {
  let d = '';
  const count = rng.int(4, 7);
  for (let i = 0; i < count; i++) {
    const a = rng.range(0, TAU);
    const r = size * rng.range(0.25, 0.55);
    const dist = size * rng.range(0, 0.7);
    // hanging clusters droop downward, floor clusters mound upward
    const dy = Math.abs(Math.sin(a)) * dist * (hanging ? 1 : -1);
    d += knob(x + Math.cos(a) * dist, y + dy, r, r * rng.range(0.85, 1.05));
  }
  return d;
}

/** The Mexican blind brotula: pale, eyeless, long-bodied, with a fin running round its tail. */
function brotula(s: Svg, x: number, y: number, scale: number, flip: boolean): void {
  s.group({ transform: `translate(${n(x)} ${n(y)}) scale(${flip ? -scale : scale} ${scale})` }, () => {
    s.path(
      'M70,0C66,-12 48,-17 26,-16C-10,-14 -50,-10 -92,-3L-104,0L-92,3C-50,10 -10,14 26,16C48,17 66,12 70,0Z',
      s.lin(
        [
          [0, '#fbeee8'],
          [1, '#e2bfb3'],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    s.path(
      'M20,-16C-20,-22 -70,-14 -104,0C-70,-10 -20,-14 20,-16ZM18,16C-20,22 -70,14 -104,0C-70,10 -20,14 18,16Z',
      '#f6ddd3',
      {
        opacity: 0.75,
      },
    );
    s.path('M64,-2L80,-6M64,2L80,6', 'none', { stroke: '#f3d8cc', 'stroke-width': 1.6, 'stroke-linecap': 'round' });
    s.path('M52,-9C56,-3 56,4 51,10', 'none', { stroke: '#c79b8c', 'stroke-width': 2, 'stroke-opacity': 0.7 });
  });
}

export function knobblyCavern(s: Svg, rng: Rng, o: KnobblyCavernOpts): void {
  const { w: W, h: H } = s;
  const warm = '#ffe9c2';
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, '#0c2330'],
        [0.5, '#05121b'],
        [1, '#010509'],
      ],
      W * 0.62,
      H * 0.48,
      W * 0.6,
      H * 0.7,
    ),
  );
  // the torch: where it is, where it points, the cone of light as a polygon (the lit rock is clipped to it)
  const dv = o.diver;
  // the diver swims along the beam: the torch (at 92, 7.5 in the diver's drawing) turns with the body
  const rough = Math.atan2(o.aim[1] - dv.y, o.aim[0] - dv.x);
  const torch: P = [
    dv.x + (Math.cos(rough) * 92 - Math.sin(rough) * 7.5) * dv.scale,
    dv.y + (Math.sin(rough) * 92 + Math.cos(rough) * 7.5) * dv.scale,
  ];
  const heading = rough;
  const reach = W * 1.1;
  const half = deg(o.spread);
  const cone = (widen = 1): P[] => [
    torch,
    [torch[0] + Math.cos(heading - half * widen) * reach, torch[1] + Math.sin(heading - half * widen) * reach],
    [torch[0] + Math.cos(heading) * reach * 1.05, torch[1] + Math.sin(heading) * reach * 1.05],
    [torch[0] + Math.cos(heading + half * widen) * reach, torch[1] + Math.sin(heading + half * widen) * reach],
  ];
  const coneClip = s.clip(polyPath(cone()));
  const spot = o.aim;
  // the rock: a low ceiling and walls crowded with swollen knobs, and the rolling silt floor
  // the ceiling band, then every knob cluster on its own (each is shaded as one swelling mass)
  let band = '';
  const clusters: string[] = [];
  const ceiling: P[] = [];
  for (let i = 0; i <= 10; i++) {
    const x = lerp(-60, W + 60, i / 10);
    ceiling.push([x, 150 + 70 * Math.sin(i * 0.9 + 0.4) + rng.range(-30, 30) - 60 * Math.sin((i / 10) * Math.PI)]);
  }
  band += smoothPath([[-60, -60], [W + 60, -60], ...[...ceiling].reverse()], true);
  for (const [x, y] of ceiling) {
    for (let k = rng.int(1, 2); k > 0; k--)
      clusters.push(knobs(rng, x + rng.range(-70, 70), y + rng.range(-10, 30), rng.range(40, 90), true));
  }
  // walls: knobbly columns of rock at both sides
  for (const side of [0, 1]) {
    const x0 = side ? W - 120 : 90;
    for (let y = 120; y < H; y += rng.range(90, 130))
      clusters.push(knobs(rng, x0 + rng.range(-60, 60) + (side ? 1 : -1) * (y / H) * 60, y, rng.range(60, 120), false));
  }
  const floorLine = (x: number): number =>
    lerp(o.floor[0], o.floor[1], x / W) + 34 * Math.sin(x * 0.006 + 0.8) + 18 * Math.sin(x * 0.017 + 2.1);
  const dunes: string[] = [];
  for (let layer = 0; layer < 3; layer++) {
    const pts: P[] = [];
    for (let i = 0; i <= 16; i++) {
      const x = lerp(-60, W + 60, i / 16);
      pts.push([x, floorLine(x) + layer * 70 + 20 * Math.sin(x * 0.011 + layer * 1.9)]);
    }
    dunes.push(smoothPath(pts, false) + `L${W + 60},${H + 60}L-60,${H + 60}Z`);
  }

  for (let i = 0; i < 9; i++) {
    const x = rng.range(150, W - 150);
    clusters.push(knobs(rng, x, floorLine(x) + rng.range(20, 60), rng.range(30, 60), false));
  }
  // dark everywhere...
  s.path(band + clusters.join(''), '#0a161e');
  dunes.forEach((d, i) => s.path(d, ['#0b1a22', '#08141b', '#050d13'][i] ?? '#050d13'));
  // ...and warm, sculpted where the beam falls
  const litRock = s.rad(
    [
      [0, '#f2dcb4'],
      [0.35, '#b6966c'],
      [0.75, '#4a3c2c'],
      [1, '#0a161e'],
    ],
    spot[0],
    spot[1],
    W * 0.55,
    H * 0.6,
  );
  const litSilt = s.rad(
    [
      [0, '#e9d7b2'],
      [0.4, '#a48d69'],
      [1, '#0b1a22'],
    ],
    spot[0],
    spot[1] + 120,
    W * 0.5,
    H * 0.45,
  );
  // the silt catches a soft fringe of light just outside the beam's edge
  s.group({ 'clip-path': s.clip(polyPath(cone(1.35))) }, () => {
    dunes.forEach((d, i) => s.path(d, litSilt, { opacity: [0.35, 0.28, 0.2][i] }));
  });
  s.group({ 'clip-path': coneClip }, () => {
    s.path(band, litRock);
    const swelling = s.radBox(
      [
        [0, '#f7e6c4'],
        [0.5, '#c49c6c'],
        [1, '#4a3626'],
      ],
      0.36,
      0.3,
      0.78,
    );
    for (const cluster of clusters) s.path(cluster, swelling);
    // the light fades with distance from the spot it is aimed at
    s.rect(
      0,
      0,
      W,
      H,
      s.rad(
        [
          [0, '#081219', 0],
          [0.4, '#081219', 0.2],
          [1, '#081219', 0.92],
        ],
        spot[0],
        spot[1],
        W * 0.55,
        H * 0.62,
      ),
    );
    dunes.forEach((d, i) => s.path(d, litSilt, { opacity: [0.95, 0.8, 0.6][i] }));
  });
  // a thin haze of hydrogen sulfide lying in the hollows between the dunes
  for (let i = 0; i < 10; i++) {
    const x = rng.range(0, W);
    s.ellipse(x, floorLine(x) + rng.range(10, 70), rng.range(140, 320), rng.range(14, 28), '#bfe0cf', {
      opacity: rng.range(0.08, 0.16),
      filter: s.blur(12),
    });
  }
  s.group({ 'clip-path': coneClip }, () => {
    for (let i = 0; i < 6; i++) {
      const x = lerp(spot[0] - 400, spot[0] + 400, i / 5) + rng.range(-60, 60);
      s.ellipse(x, floorLine(x) + rng.range(20, 60), rng.range(160, 280), rng.range(16, 26), '#f4f1dc', {
        opacity: rng.range(0.25, 0.4),
        filter: s.blur(14),
      });
    }
  });
  // the guideline along the floor, into the dark
  const line: P[] = [];
  for (let i = 0; i <= 6; i++) {
    const x = lerp(-20, W * 0.92, i / 6);
    line.push([x, floorLine(x) - 30 + i * 6]);
  }
  guideline(s, line, 2.6, '#ece6d6', 0.6);
  // the beam itself: soft light in the water, brightest near the torch
  s.path(
    polyPath(cone()),
    s.rad(
      [
        [0, warm, 0.5],
        [0.3, warm, 0.16],
        [1, warm, 0],
      ],
      torch[0],
      torch[1],
      reach * 0.9,
      reach * 0.9,
    ),
    { filter: s.blur(10) },
  );
  // the blind fish in the light, and silt glittering in the beam
  brotula(s, spot[0] + 80, spot[1] + 60, 1.15, true);
  brotula(s, spot[0] - 330, spot[1] + 170, 0.6, false);
  s.group({ 'clip-path': coneClip }, () => {
    const dots: [number, number, number][] = [];
    for (let i = 0; i < 70; i++) dots.push([rng.range(torch[0], W), rng.range(0, H), rng.range(0.7, 2.2)]);
    s.path(dotsPath(dots), '#fff6e0', { opacity: 0.55 });
  });
  // the diver, a silhouette just lifted from the dark by the spill of the torch
  s.ellipse(
    dv.x + 20,
    dv.y,
    150 * dv.scale,
    70 * dv.scale,
    s.radBox([
      [0, '#6f8f9a', 0.35],
      [1, '#6f8f9a', 0],
    ]),
  );
  diver(s, dv.x, dv.y, dv.scale, (heading * 180) / Math.PI, { color: '#03121b', bubbles: rng });
  s.circle(
    torch[0],
    torch[1],
    60,
    s.radBox([
      [0, '#ffffff', 0.9],
      [0.2, warm, 0.6],
      [1, warm, 0],
    ]),
  );
  vignette(s, 0.7, '#000000');
}
