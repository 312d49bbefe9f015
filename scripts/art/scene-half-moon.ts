import { type Rng, TAU, deg, lerp, n, type P } from './basics';
import { blobPoints, dripPath, ellipsePath, polyPath, sampleSmooth, smoothPath, wavePoints } from './geometry';
import { beam, diver, guideline, hangingLines, palm, particles, treeLine, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a half-moon of water under a great overhang, lit by the western sun (Chikin Ha)            */
/* ------------------------------------------------------------------------------------------------ */

export interface HalfMoonOpts {
  /** The far water line. */
  waterY: number;
  /** Where the low sun sits, beyond the roof's lip. */
  sun: P;
  /** Depth of the shimmering fresh/salt boundary inside the tunnel. */
  halocline: number;
}

/** A fan-shaped fossil shell set in the rock: ribs from the hinge and a scalloped rim. */
function shellPath(x: number, y: number, size: number, angle: number): string {
  const ribs = 7;
  const a0 = deg(angle);
  const at = (i: number, r: number): string => {
    const a = a0 - 0.9 + (1.8 * i) / (ribs - 1);
    return `${n(x + Math.cos(a) * size * r)},${n(y + Math.sin(a) * size * r)}`;
  };
  let ribsPath = '';
  let rim = `M${at(0, 1)}`;
  for (let i = 0; i < ribs; i++) {
    ribsPath += `M${n(x)},${n(y)}L${at(i, 1)}`;
    if (i < ribs - 1) rim += `Q${at(i + 0.5, 1.14)} ${at(i + 1, 1)}`;
  }
  return ribsPath + rim;
}

/** A fossil sea urchin: five petals around a centre, as on the boulders along the return leg. */
function urchinPath(x: number, y: number, size: number): string {
  let d = ellipsePath(x, y, size, size * 0.92);
  for (let i = 0; i < 5; i++) {
    const a = deg(-90 + i * 72);
    const tip: P = [x + Math.cos(a) * size * 0.78, y + Math.sin(a) * size * 0.78];
    const l: P = [x + Math.cos(a - 0.35) * size * 0.42, y + Math.sin(a - 0.35) * size * 0.42];
    const r: P = [x + Math.cos(a + 0.35) * size * 0.42, y + Math.sin(a + 0.35) * size * 0.42];
    d += `M${n(x)},${n(y)}Q${n(l[0])},${n(l[1])} ${n(tip[0])},${n(tip[1])}Q${n(r[0])},${n(r[1])} ${n(x)},${n(y)}`;
  }
  return d;
}

export function halfMoon(s: Svg, rng: Rng, o: HalfMoonOpts): void {
  const { w: W, h: H } = s;
  const wy = o.waterY;
  const gold = '#ffd58a';
  const [sx, sy] = o.sun;
  // evening sky in the west, the low sun and its glow
  s.rect(
    0,
    0,
    W,
    wy,
    s.lin([
      [0, '#7fb9cf'],
      [0.4, '#f1d3a2'],
      [0.75, '#f6b26f'],
      [1, '#eaa060'],
    ]),
  );
  s.circle(
    sx,
    sy,
    520,
    s.rad(
      [
        [0, '#fffbe9', 1],
        [0.08, '#ffe9b0', 0.9],
        [0.45, '#ffd08a', 0.3],
        [1, '#ffd08a', 0],
      ],
      sx,
      sy,
      520,
    ),
  );
  // the jungle on the far rim, in silhouette against the sun, with a few palms
  const rim = (x: number): number => wy - 210 + 30 * Math.sin(x * 0.004 + 1.2);
  treeLine(
    s,
    rng,
    300,
    W + 20,
    rim(900) + 40,
    (x) => 70 + 30 * Math.sin(x * 0.006),
    22,
    40,
    s.lin([
      [0, '#6d7a4a'],
      [1, '#4a5a38'],
    ]),
  );
  for (const [x, h, lean] of [
    [980, 190, -0.12],
    [1240, 230, 0.1],
    [1480, 170, -0.05],
  ] as const)
    palm(s, rng, x, rim(x) + 30, h, lean, '#3f3a2a', '#3f5a32');
  // the far wall: pale limestone, warm in the evening light, streaked and hung with vines
  const wallTop: P[] = [];
  for (let i = 0; i <= 8; i++) {
    const x = lerp(200, W + 20, i / 8);
    wallTop.push([x, rim(x) + 40 + rng.range(-8, 8)]);
  }
  s.path(
    smoothPath(wallTop, false) + `L${W + 20},${wy + 10}L200,${wy + 10}Z`,
    s.lin(
      [
        [0, '#f1cf98'],
        [0.6, '#c99a68'],
        [1, '#8d6a4a'],
      ],
      0,
      rim(900),
      0,
      wy,
      true,
    ),
  );
  let streaks = '';
  for (let i = 0; i < 14; i++) {
    const x = rng.range(260, W);
    streaks += `M${n(x)},${n(rim(x) + 50)}l${n(rng.range(-6, 6))},${n(rng.range(60, 190))}`;
  }
  s.path(streaks, 'none', { stroke: '#7b5a3e', 'stroke-width': 3, 'stroke-opacity': 0.3 });
  let strata = '';
  for (let i = 0; i < 3; i++)
    strata += smoothPath(
      wavePoints(200, W + 20, lerp(rim(900) + 110, wy - 40, i / 2), 5, 0.008, rng.range(0, TAU), 10),
      false,
    );
  s.path(strata, 'none', { stroke: '#a47c55', 'stroke-width': 8, 'stroke-opacity': 0.22, filter: s.blur(2) });
  const vineStarts: P[] = [];
  for (let i = 0; i < 16; i++) {
    const x = rng.range(320, W);
    vineStarts.push([x, rim(x) + 44]);
  }
  hangingLines(s, rng, vineStarts, 40, 170, '#4d6b34', 2.4, 0.75);
  // the water: clear turquoise, golden where it mirrors the sky, deep blue toward the tunnel
  const near: P[] = [
    [-40, H - 60],
    [420, H - 120],
    [860, H - 160],
    [1240, H - 150],
    [W + 40, H - 120],
  ];
  const water = `M-40,${n(wy)}L${W + 40},${n(wy)}` + smoothPath([...near].reverse(), false).replace(/^M/, 'L') + 'Z';
  s.path(
    water,
    s.lin(
      [
        [0, '#0d3f57'],
        [0.35, '#167f93'],
        [0.7, '#3cc7c0'],
        [1, '#8fe6d6'],
      ],
      0,
      0,
      W,
      0,
      true,
    ),
  );
  const waterClip = s.clip(water);
  s.group({ 'clip-path': waterClip }, () => {
    // golden reflection of the sun and the sky, broken into ripples
    s.ellipse(
      sx - 120,
      wy + 40,
      420,
      70,
      s.radBox([
        [0, '#ffe7ae', 0.75],
        [1, '#ffe7ae', 0],
      ]),
    );
    let glints = '';
    for (let i = 0; i < 18; i++) {
      const y = wy + rng.range(8, 150);
      const x = rng.range(700, W);
      const w = rng.range(30, 110) * lerp(0.6, 1.3, (y - wy) / 150);
      glints += `M${n(x)},${n(y)}q${n(w / 4)},-3 ${n(w / 2)},0t${n(w / 2)},0`;
    }
    s.path(glints, 'none', { stroke: '#fff3cf', 'stroke-width': 2.4, 'stroke-opacity': 0.6 });
    // seen through the clear water: the slope down into the tunnel under the overhang
    s.path(
      smoothPath(
        [
          [-40, wy + 40],
          [380, wy + 20],
          [640, wy + 90],
          [720, H],
          [-40, H],
        ],
        true,
        0.8,
      ),
      '#04202f',
      { opacity: 0.7, filter: s.blur(18) },
    );
    // the halocline in the tunnel mouth: a shimmering, blurred band
    for (let i = 0; i < 4; i++) {
      const band = wavePoints(
        -20,
        760,
        o.halocline + (i - 1.5) * 10,
        rng.range(4, 9),
        rng.range(0.012, 0.025),
        rng.range(0, TAU),
        16,
      );
      const color = i % 2 ? '#c8fff6' : '#7fd8f0';
      s.path(smoothPath(band, false), 'none', {
        // it fades out where the tunnel opens into the sunlit pool
        stroke: s.lin(
          [
            [0, color],
            [0.6, color],
            [1, color, 0],
          ],
          0,
          0,
          760,
          0,
          true,
        ),
        'stroke-width': rng.range(6, 12),
        'stroke-opacity': rng.range(0.25, 0.45),
        filter: s.blur(3),
      });
    }
    guideline(
      s,
      [
        [760, H - 130],
        [600, o.halocline + 40],
        [420, o.halocline + 10],
        [220, o.halocline - 10],
        [40, o.halocline - 20],
      ],
      2.4,
      '#e9f3ee',
      0.7,
    );
    diver(s, 470, o.halocline - 34, 0.5, 6, { flip: true, torch: true, beam: 320, light: '#fff4d6', color: '#03161f' });
    // light from the open side, slanting down into the water
    for (let i = 0; i < 5; i++) {
      const x = rng.range(760, W - 60);
      beam(
        s,
        [x, wy],
        [x - rng.range(160, 300), H],
        rng.range(40, 80),
        rng.range(110, 190),
        '#fff0c2',
        rng.range(0.14, 0.24),
        10,
      );
    }
  });
  s.path(smoothPath(wavePoints(-40, W + 40, wy, 2, 0.02, 0.4, 20), false), 'none', {
    stroke: '#fff6dc',
    'stroke-width': 2.5,
    'stroke-opacity': 0.7,
  });
  // the great overhang: a roof of rock arching over the left of the pool; its lip draws the half-moon
  const lip: P[] = [
    [W + 40, 40],
    [1320, 70],
    [1040, 120],
    [780, 210],
    [560, 330],
    [380, 470],
    [220, 620],
    [80, 760],
    [-40, 860],
  ];
  const roof = `M-40,-40L${W + 40},-40` + smoothPath(lip, false).replace(/^M/, 'L') + 'Z';
  s.path(
    roof,
    s.rad(
      [
        [0, '#6b4f3a'],
        [0.35, '#3b2b22'],
        [1, '#130e0b'],
      ],
      900,
      260,
      900,
      520,
    ),
  );
  let layers = '';
  for (let i = 0; i < 7; i++) {
    const off = 40 + i * 46;
    layers += smoothPath(
      lip.map(([x, y]): P => [x - off * 0.7, y - off]),
      false,
    );
  }
  s.group({ 'clip-path': s.clip(roof) }, () => {
    s.path(layers, 'none', { stroke: '#0d0907', 'stroke-width': 5, 'stroke-opacity': 0.25 });
  });
  // the lip catches the evening light
  s.path(smoothPath(lip, false), 'none', {
    stroke: gold,
    'stroke-width': 10,
    'stroke-opacity': 0.45,
    filter: s.blur(5),
  });
  s.path(smoothPath(lip, false), 'none', { stroke: '#ffe2a6', 'stroke-width': 2.5, 'stroke-opacity': 0.7 });
  let drips = '';
  const lipPts = sampleSmooth(lip, false, 5);
  for (const [x, y] of lipPts) {
    if (x < 0 || x > W || !rng.chance(0.45)) continue;
    drips += dripPath(x, y - 10, rng.range(10, 26), rng.range(20, 70));
  }
  s.path(drips, '#2a1f18');
  const roots: P[] = lipPts.filter(([x], i) => x > 560 && x < W && i % 2 === 0).map(([x, y]): P => [x, y - 4]);
  hangingLines(s, rng, roots, 60, 260, '#2a1d14', 2.2, 0.8);
  // sunbeams through the opening, across the whole scene
  for (let i = 0; i < 4; i++) {
    const from: P = [sx + rng.range(-160, 60), sy + rng.range(-60, 60)];
    beam(
      s,
      from,
      [from[0] - rng.range(700, 900), H],
      rng.range(60, 120),
      rng.range(200, 320),
      '#ffe6b0',
      rng.range(0.1, 0.18),
      18,
    );
  }
  // the near shore under the overhang: shadowed rock from the water's edge to the viewer's feet
  s.path(
    smoothPath(near, false) + `L${W + 40},${H + 40}L-40,${H + 40}Z`,
    s.lin(
      [
        [0, '#6d5844'],
        [0.25, '#4a3a2d'],
        [1, '#1d1510'],
      ],
      0,
      H - 170,
      0,
      H,
      true,
    ),
  );
  s.path(smoothPath(near, false), 'none', { stroke: '#bfe8dc', 'stroke-width': 3, 'stroke-opacity': 0.5 });
  let pebbles = '';
  for (let i = 0; i < 14; i++) {
    const x = rng.range(0, W);
    pebbles += smoothPath(
      blobPoints(rng, x, H - rng.range(10, 110), rng.range(16, 46), rng.range(8, 18), 6, 0.2),
      true,
    );
  }
  s.path(pebbles, '#2a2018', { opacity: 0.6 });
  // foreground: stairs down to the water from where the viewer stands
  const steps = 7;
  let treads = '';
  let risers = '';
  for (let i = 0; i < steps; i++) {
    const t = i / steps;
    const y = lerp(H + 10, H - 150, t);
    const h = lerp(34, 16, t);
    const x0 = lerp(380, 600, t);
    const x1 = lerp(700, 760, t);
    treads += polyPath([
      [x0, y - h],
      [x1, y - h],
      [x1 + 6, y - h * 0.55],
      [x0 - 6, y - h * 0.55],
    ]);
    risers += polyPath([
      [x0 - 6, y - h * 0.55],
      [x1 + 6, y - h * 0.55],
      [x1 + 6, y],
      [x0 - 6, y],
    ]);
  }
  s.path(risers, '#3f2a1b');
  s.path(
    treads,
    s.lin([
      [0, '#b58a5c'],
      [1, '#8a6440'],
    ]),
  );
  s.path(`M360,${H + 10}L590,${H - 190}M720,${H + 10}L770,${H - 190}`, 'none', {
    stroke: '#3f2a1b',
    'stroke-width': 6,
    'stroke-linecap': 'round',
  });
  // a fallen block of ceiling on the right, studded with fossil shells and urchins
  const block = blobPoints(rng, 1360, H - 40, 280, 150, 11, 0.12);
  const blockPath = smoothPath(block, true, 0.9);
  s.path(blockPath, '#1c140f', { opacity: 0.4, transform: 'translate(-18 10)', filter: s.blur(8) });
  s.path(
    blockPath,
    s.rad(
      [
        [0, '#f3d9ad'],
        [0.45, '#c9a67c'],
        [1, '#5e4632'],
      ],
      1500,
      H - 170,
      420,
      260,
    ),
  );
  let fossils = '';
  for (let i = 0; i < 5; i++)
    fossils += shellPath(
      1220 + i * 58 + rng.range(-10, 10),
      H - 90 + rng.range(-40, 50),
      rng.range(16, 26),
      rng.range(-120, -60),
    );
  fossils += urchinPath(1420, H - 60, 26) + urchinPath(1530, H - 120, 19);
  s.path(fossils, 'none', { stroke: '#6f5238', 'stroke-width': 2.2, 'stroke-opacity': 0.6 });
  particles(s, rng, 700, 0, W, wy, 30, '#fff4d2', 0.4);
  vignette(s, 0.45, '#120a05');
}
