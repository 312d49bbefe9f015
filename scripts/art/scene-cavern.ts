import { type Rng, TAU, deg, lerp, mix, type P } from './basics';
import { blobPoints, dripPath, polyPath, sampleSmooth, smoothPath, wavePoints } from './geometry';
import { beam, diver, guideline, hangingLines, particles, school, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: looking up inside a flooded cavern toward openings of light                               */
/* ------------------------------------------------------------------------------------------------ */

export interface Opening {
  x: number;
  y: number;
  rx: number;
  ry: number;
}

export interface CavernOpts {
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

export function cavernView(s: Svg, rng: Rng, o: CavernOpts): void {
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
