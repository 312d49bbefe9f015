import { type Rng, TAU, at, deg, lerp, n, type P } from './basics';
import { dotsPath, dripPath, ellipsePath, polyPath, smoothPath, wavePoints } from './geometry';
import { beam, hangingLines, leaf, treeLine } from './pieces';
import { crossSection, type CrossOpts } from './scene-cross-section';
import { sky } from './scene-oblique';
import { type Svg } from './svg';

export function conservation(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#f5efdc'],
        [1, '#d4ece4'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  s.circle(
    W / 2,
    H / 2,
    620,
    s.rad(
      [
        [0, '#ffffff', 0.85],
        [1, '#ffffff', 0],
      ],
      W / 2,
      H / 2,
      620,
    ),
  );
  const cx = W / 2;
  const cy = 470;
  // ripples spreading under the emblem
  let rip = '';
  for (let i = 1; i < 6; i++) rip += ellipsePath(cx, 820, 260 + i * 100, 26 + i * 12);
  s.path(rip, 'none', { stroke: '#3fb8b0', 'stroke-width': 2, 'stroke-opacity': 0.16 });
  // the water cycle: two arrows circling the drop
  const R = 372;
  const arrow = (a0: number, a1: number): void => {
    s.path(
      `M${n(cx + R * Math.cos(deg(a0)))},${n(cy + R * Math.sin(deg(a0)))}A${R},${R} 0 0,1 ${n(cx + R * Math.cos(deg(a1)))},${n(cy + R * Math.sin(deg(a1)))}`,
      'none',
      { stroke: '#1a8f95', 'stroke-width': 9, 'stroke-linecap': 'round', 'stroke-opacity': 0.55 },
    );
    const x = cx + R * Math.cos(deg(a1));
    const y = cy + R * Math.sin(deg(a1));
    const t = deg(a1 + 90);
    const tip: P = [x + Math.cos(t) * 26, y + Math.sin(t) * 26];
    const b1: P = [x + Math.cos(t + Math.PI / 2) * 17, y + Math.sin(t + Math.PI / 2) * 17];
    const b2: P = [x - Math.cos(t + Math.PI / 2) * 17, y - Math.sin(t + Math.PI / 2) * 17];
    s.path(polyPath([tip, b1, b2]), '#1a8f95', { opacity: 0.75 });
  };
  arrow(196, 326);
  arrow(16, 146);
  // the drop, holding a small cenote
  const r = 215;
  const top = cy - r * 1.5;
  const drop = `M${cx},${n(top)}C${n(cx + r * 0.35)},${n(cy - r * 0.9)} ${n(cx + r)},${n(cy - r * 0.45)} ${n(cx + r)},${n(cy + r * 0.05)}A${r},${r} 0 0,1 ${n(cx - r)},${n(cy + r * 0.05)}C${n(cx - r)},${n(cy - r * 0.45)} ${n(cx - r * 0.35)},${n(cy - r * 0.9)} ${cx},${n(top)}Z`;
  s.path(drop, '#0c4d5c', { opacity: 0.25, filter: s.blur(16), transform: 'translate(10 18)' });
  s.group({ 'clip-path': s.clip(drop) }, () => {
    s.group({ transform: `translate(${n(cx - r)} ${n(top)})` }, () => {
      crossSection(s, rng, {
        W: r * 2,
        H: r * 2.6,
        k: 0.46,
        groundY: r * 1.05,
        cx: r,
        openW: r * 0.55,
        chamberW: r * 1.8,
        bottomY: r * 2.55,
        waterY: r * 1.58,
        sunAngle: 8,
        beams: 3,
        divers: 1,
        tunnels: 0,
        debris: true,
        warmth: 0.25,
        stalactites: 10,
        roots: 6,
        fish: 5,
        palms: 2,
      });
    });
  });
  s.path(drop, 'none', { stroke: '#ffffff', 'stroke-width': 10 });
  s.path(drop, 'none', { stroke: '#0f6f7c', 'stroke-width': 3, 'stroke-opacity': 0.45 });
  // leafy branches cradling the drop
  for (const side of [-1, 1]) {
    const pts: P[] = [];
    for (let i = 0; i <= 9; i++) {
      const a = deg(90 + side * (22 + i * 15));
      pts.push([cx + Math.cos(a) * (r + 78), cy + 20 + Math.sin(a) * (r + 78)]);
    }
    s.path(smoothPath(pts, false), 'none', { stroke: '#2f6b3a', 'stroke-width': 5, 'stroke-linecap': 'round' });
    pts.forEach(([x, y], i) => {
      if (i === 0) return;
      const a = Math.atan2(y - cy - 20, x - cx) * (180 / Math.PI);
      const len = 78 - i * 3.5;
      leaf(s, x, y, len, len * 0.36, a + side * 35, i % 2 ? '#3f8f4a' : '#56a152', '#1f4d2c');
      leaf(s, x, y, len * 0.8, len * 0.3, a + (side > 0 ? -80 : 80), i % 2 ? '#56a152' : '#2e7a45', '#1f4d2c');
    });
  }
}

export function sinkholeStages(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin([
      [0, '#f4ecd8'],
      [1, '#e2d4b5'],
    ]),
  );
  const pw = 440;
  const ph = 760;
  const y0 = 70;
  const xs = [90, 580, 1070];
  const stages: Partial<CrossOpts>[] = [
    { openW: 0, roofY: 330, waterY: 280, beams: 0, debris: false, stalactites: 6, roots: 0, fish: 0 },
    {
      openW: 0,
      roofY: 250,
      waterY: 420,
      beams: 0,
      debris: false,
      stalactites: 9,
      cracks: true,
      falling: true,
      roots: 0,
      fish: 0,
    },
    { openW: 170, waterY: 430, beams: 4, debris: true, stalactites: 8, roots: 5, fish: 4 },
  ];
  stages.forEach((st, i) => {
    const x = at(xs, i);
    const frame = `M${x + 24},${y0}H${x + pw - 24}Q${x + pw},${y0} ${x + pw},${y0 + 24}V${y0 + ph - 24}Q${x + pw},${y0 + ph} ${x + pw - 24},${y0 + ph}H${x + 24}Q${x},${y0 + ph} ${x},${y0 + ph - 24}V${y0 + 24}Q${x},${y0} ${x + 24},${y0}Z`;
    s.path(frame, '#5a4330', { opacity: 0.25, filter: s.blur(12), transform: 'translate(8 12)' });
    s.group({ 'clip-path': s.clip(frame) }, () => {
      s.group({ transform: `translate(${x} ${y0})` }, () => {
        crossSection(s, rng, {
          W: pw,
          H: ph,
          k: 0.5,
          groundY: 190,
          cx: pw / 2,
          openW: 0,
          chamberW: 330,
          bottomY: 690,
          waterY: 420,
          sunAngle: 6,
          beams: 0,
          divers: 0,
          tunnels: 0,
          debris: false,
          warmth: 0.25,
          stalactites: 10,
          roots: 0,
          palms: 2,
          ...st,
        });
      });
    });
    s.path(frame, 'none', { stroke: '#ffffff', 'stroke-width': 6 });
    if (i < 2) {
      const ax = x + pw + 15;
      s.path(`M${ax},${y0 + ph / 2 - 26}L${ax + 22},${y0 + ph / 2}L${ax},${y0 + ph / 2 + 26}`, 'none', {
        stroke: '#0f6f7c',
        'stroke-width': 8,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      });
    }
  });
  // stage markers: one, two, three dots
  xs.forEach((x, i) => {
    for (let j = 0; j <= i; j++) s.circle(x + pw / 2 + (j - i / 2) * 26, y0 + ph + 36, 8, '#0f6f7c');
  });
}

export function limestoneLayers(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  const gy = 190;
  sky(s, rng, gy + 20, 0.2, 2);
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 6,
    (x) => 80 + 30 * Math.sin(x * 0.006 + ph),
    18,
    34,
    s.lin([
      [0, '#5c9d5e'],
      [1, '#2f6c45'],
    ]),
  );
  // strata with varied thickness
  const cols = [
    '#f3e3bd',
    '#e9d3a3',
    '#f0dcb2',
    '#dcc08f',
    '#e6cf9f',
    '#cfae7a',
    '#d9bc89',
    '#bf9a68',
    '#a9855a',
    '#8c6c4b',
  ];
  let y = gy;
  const bounds: number[] = [];
  cols.forEach((c, i) => {
    const wave = wavePoints(-20, W + 20, y, i ? rng.range(3, 9) : 2, rng.range(0.003, 0.008), rng.range(0, TAU), 16);
    s.path(smoothPath(wave, false) + `L${W + 20},${H + 20}L-20,${H + 20}Z`, c);
    if (i) s.path(smoothPath(wave, false), 'none', { stroke: '#6b5038', 'stroke-width': 1.5, 'stroke-opacity': 0.25 });
    bounds.push(y);
    y += rng.range(50, 90) * (1 + i * 0.04);
  });
  // fossils: spiral shells, bivalves, coral branches
  for (let i = 0; i < 16; i++) {
    const fx = rng.range(60, W - 60);
    const fy = rng.range(gy + 60, H - 40);
    const r = rng.range(8, 18);
    const kind = i % 3;
    if (kind === 0) {
      let d = `M${n(fx)},${n(fy)}`;
      for (let a = 0; a < TAU * 2.2; a += 0.35)
        d += `L${n(fx + Math.cos(a) * r * (a / (TAU * 2.2)))},${n(fy + Math.sin(a) * r * (a / (TAU * 2.2)))}`;
      s.path(d, 'none', { stroke: '#6b5038', 'stroke-width': 2, 'stroke-opacity': 0.35 });
    } else if (kind === 1) {
      s.path(`M${n(fx - r)},${n(fy)}Q${n(fx)},${n(fy - r * 1.4)} ${n(fx + r)},${n(fy)}Z`, '#6b5038', { opacity: 0.18 });
      s.path(
        `M${n(fx)},${n(fy)}L${n(fx)},${n(fy - r * 0.7)}M${n(fx)},${n(fy)}L${n(fx - r * 0.5)},${n(fy - r * 0.55)}M${n(fx)},${n(fy)}L${n(fx + r * 0.5)},${n(fy - r * 0.55)}`,
        'none',
        { stroke: '#6b5038', 'stroke-width': 1.5, 'stroke-opacity': 0.3 },
      );
    } else {
      s.path(
        `M${n(fx)},${n(fy + r)}L${n(fx)},${n(fy)}L${n(fx - r * 0.6)},${n(fy - r * 0.8)}M${n(fx)},${n(fy)}L${n(fx + r * 0.5)},${n(fy - r)}`,
        'none',
        { stroke: '#6b5038', 'stroke-width': 2.5, 'stroke-opacity': 0.25, 'stroke-linecap': 'round' },
      );
    }
  }
  // water table and flooded conduits
  const wt = 520;
  s.path(smoothPath(wavePoints(-20, W + 20, wt, 4, 0.01, 1, 16), false), 'none', {
    stroke: '#1a8f95',
    'stroke-width': 3,
    'stroke-dasharray': '14 10',
    'stroke-opacity': 0.7,
  });
  s.rect(
    -10,
    wt,
    W + 20,
    H - wt + 10,
    s.lin([
      [0, '#1a8f95', 0.08],
      [1, '#0b4d68', 0.3],
    ]),
  );
  const conduit = (y: number, x0: number, x1: number, th: number): void => {
    const top: P[] = [];
    const bot: P[] = [];
    for (let i = 0; i <= 10; i++) {
      const x = lerp(x0, x1, i / 10);
      const yy = y + Math.sin(i * 0.9 + y) * 18;
      const hh = th * rng.range(0.6, 1.3);
      top.push([x, yy - hh / 2]);
      bot.unshift([x, yy + hh / 2]);
    }
    const d = smoothPath([...top, ...bot], true);
    s.path(
      d,
      s.lin([
        [0, '#5fe0d4'],
        [0.5, '#17a2ae'],
        [1, '#0b5a72'],
      ]),
    );
    s.path(d, 'none', { stroke: '#4a3626', 'stroke-width': 4, 'stroke-opacity': 0.35 });
  };
  conduit(620, -40, 900, 56);
  conduit(760, 500, W + 40, 70);
  conduit(690, 1050, W + 40, 40);
  // a small cenote connecting to the surface: a narrow mouth over a bell-shaped chamber
  const cx = 1200;
  const shaftPts: P[] = [
    [cx - 60, gy],
    [cx - 160, 300],
    [cx - 215, 470],
    [cx - 200, 650],
    [cx - 120, 770],
    [cx + 20, 800],
    [cx + 170, 745],
    [cx + 225, 560],
    [cx + 200, 380],
    [cx + 125, 275],
    [cx + 60, gy],
  ];
  const shaft = smoothPath(shaftPts, false) + 'Z';
  s.path(
    shaft,
    s.rad(
      [
        [0, '#a8885f'],
        [0.35, '#5a4534'],
        [1, '#221a13'],
      ],
      cx,
      gy,
      260,
      380,
    ),
  );
  s.group({ 'clip-path': s.clip(shaft) }, () => {
    const wy = wt;
    s.rect(
      cx - 260,
      wy,
      520,
      820 - wy,
      s.lin(
        [
          [0, '#6fe6da'],
          [0.1, '#2cc0c2'],
          [0.6, '#0f7f92'],
          [1, '#073a56'],
        ],
        0,
        wy,
        0,
        800,
        true,
      ),
    );
    s.path(
      smoothPath(
        [
          [cx - 150, 820],
          [cx - 60, 730],
          [cx + 20, 700],
          [cx + 110, 740],
          [cx + 190, 820],
        ],
        false,
      ) + 'Z',
      '#3f8c8a',
      { opacity: 0.8 },
    );
    beam(s, [cx, gy], [cx + 60, 800], 100, 200, '#fff4d0', 0.65, 10);
    s.rect(cx - 260, wy - 1.5, 520, 3, '#e9fffb', { opacity: 0.8 });
    let drips = '';
    for (let k = 0; k < 14; k++) {
      const side = k % 2 ? 1 : -1;
      const t = rng.range(0.05, 0.95);
      const a = side < 0 ? at(shaftPts, 0) : at(shaftPts, 10);
      const b = side < 0 ? at(shaftPts, 1) : at(shaftPts, 9);
      drips += dripPath(lerp(a[0], b[0], t), lerp(a[1], b[1], t) - 8, rng.range(8, 18), rng.range(20, 60));
    }
    s.path(drips, '#8a6a4a');
    s.path(shaft, 'none', { stroke: '#1d140e', 'stroke-width': 30, 'stroke-opacity': 0.2 });
  });
  hangingLines(
    s,
    rng,
    [
      [cx - 56, gy],
      [cx - 40, gy],
      [cx + 44, gy],
      [cx + 58, gy],
      [cx + 30, gy],
    ],
    120,
    330,
    '#4a3222',
    2,
    0.7,
  );
  s.path(smoothPath(shaftPts, false), 'none', { stroke: '#3a2a1e', 'stroke-width': 3, 'stroke-opacity': 0.5 });
  // rain seeping down through fractures
  let cracks = '';
  const drops: [number, number, number][] = [];
  for (let i = 0; i < 7; i++) {
    let x = rng.range(80, 1000);
    let yy = gy + 8;
    cracks += `M${n(x)},${n(yy)}`;
    while (yy < wt) {
      yy += rng.range(25, 50);
      x += rng.range(-14, 14);
      cracks += `L${n(x)},${n(Math.min(yy, wt))}`;
      if (rng.chance(0.35)) drops.push([x + 4, Math.min(yy, wt) - 10, 4]);
    }
  }
  s.path(cracks, 'none', { stroke: '#4a3626', 'stroke-width': 2, 'stroke-opacity': 0.45, 'stroke-linejoin': 'round' });
  s.path(dotsPath(drops), '#2cb3b8', { opacity: 0.85 });
  s.rect(-10, gy - 4, W + 20, 14, '#5c4430');
  s.rect(-10, gy - 6, W + 20, 5, '#3f7d3c');
}
