import { type Rng, TAU, at, clamp, deg, lerp, mix, n, type P } from './basics';
import { blobPoints, dotsPath, dripPath, smoothPath, wavePoints } from './geometry';
import { beam, diver, guideline, hangingLines, palm, school, treeLine } from './pieces';
import { bush } from './scene-oblique';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: cross-section of a cenote (sky, jungle, limestone, cavern, water)                          */
/* ------------------------------------------------------------------------------------------------ */

export interface CrossOpts {
  W: number;
  H: number;
  k?: number; // detail scale
  groundY: number;
  cx: number;
  openW: number; // 0: the cave roof is still intact
  roofY?: number; // top of the cave when closed
  chamberW: number;
  chamberShift?: number;
  bottomY: number;
  waterY: number;
  sunAngle: number; // beam tilt in degrees (+ leans right going down)
  beams: number;
  divers: number;
  tunnels: number;
  debris: boolean;
  warmth: number;
  stalactites: number;
  roots: number;
  fish?: number;
  cracks?: boolean;
  falling?: boolean;
  palms?: number;
  halocline?: boolean;
  sky?: boolean;
  dim?: number; // 0: cavern well lit by the opening .. 1: dark
}

/** The full cross-section at the canvas size with the house defaults, so an illustration names only its differences. */
export function crossFull(s: Svg, rng: Rng, over: Partial<CrossOpts>): void {
  crossSection(s, rng, {
    W: s.w,
    H: s.h,
    groundY: 300,
    cx: 800,
    openW: 320,
    chamberW: 980,
    bottomY: 860,
    waterY: 520,
    sunAngle: 10,
    beams: 5,
    divers: 1,
    tunnels: 1,
    debris: true,
    warmth: 0.3,
    stalactites: 26,
    roots: 10,
    fish: 8,
    ...over,
  });
}

export const ROCK = ['#f1dfb6', '#e6cb9a', '#d9b781', '#cba26b', '#b78c5b', '#9c764e', '#7f5f42', '#604734'];

export function crossSection(s: Svg, rng: Rng, o: CrossOpts): void {
  const { W, H, groundY: gy, cx } = o;
  const k = o.k ?? W / 1600;
  const wy = o.waterY;
  const by = o.bottomY;
  const warm = o.warmth;
  const light = mix('#eefff9', '#fff0c4', warm);
  const open = o.openW > 0;
  const ow = o.openW / 2;
  const ccx = cx + (o.chamberShift ?? 0);
  const hw = o.chamberW / 2;
  const tanA = Math.tan(deg(o.sunAngle));

  // Sky and sun
  if (o.sky !== false) {
    s.rect(
      -10,
      -10,
      W + 20,
      gy + 40,
      s.lin([
        [0, mix('#5fb9d3', '#e59b6a', warm * 0.75)],
        [0.55, mix('#bfe9e6', '#f6cf98', warm)],
        [1, mix('#eefaf0', '#fff0d2', warm)],
      ]),
    );
    const sunX = clamp(cx - Math.sin(deg(o.sunAngle)) * W * 1.2, W * 0.08, W * 0.92);
    const sr = Math.max(gy * 1.4, 300 * k);
    s.circle(
      sunX,
      gy * 0.28,
      sr,
      s.rad(
        [
          [0, '#ffffff', 0.95],
          [0.12, light, 0.7],
          [1, light, 0],
        ],
        sunX,
        gy * 0.28,
        sr,
      ),
    );
  }
  // Far and middle jungle, spanning the whole width (seen through the gap above the opening)
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 8,
    (x) => (95 + 35 * Math.sin(x * 0.004 + ph) + 20 * Math.sin(x * 0.013 + ph * 2)) * k,
    22 * k,
    40 * k,
    s.lin([
      [0, mix('#8fc2a0', '#b7c98f', warm * 0.7)],
      [1, mix('#6aa383', '#8fae72', warm * 0.7)],
    ]),
  );
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    gy + 8,
    (x) => (50 + 25 * Math.sin(x * 0.006 + ph * 3)) * k,
    16 * k,
    30 * k,
    s.lin([
      [0, mix('#4e9a63', '#6d9c4e', warm * 0.6)],
      [1, '#2f6a45'],
    ]),
  );

  // Limestone strata
  const bandCount = ROCK.length;
  for (let i = 0; i < bandCount; i++) {
    const y = gy + (H - gy) * Math.pow(i / bandCount, 1.1) + (i ? rng.range(-8, 8) * k : 0);
    const wave = wavePoints(
      -20,
      W + 20,
      y,
      i ? rng.range(4, 12) * k : 2 * k,
      rng.range(0.004, 0.009) / k,
      rng.range(0, TAU),
      k < 0.8 ? 9 : 14,
    );
    s.path(
      smoothPath(wave, false) + `L${n(W + 20)},${n(H + 20)}L-20,${n(H + 20)}Z`,
      at(ROCK, i),
      i ? { stroke: '#5a4330', 'stroke-width': 1.5 * k, 'stroke-opacity': 0.18 } : {},
    );
  }
  // Pores and fossil flecks in the rock
  const pores: [number, number, number][] = [];
  for (let i = 0; i < (k < 0.6 ? 0 : Math.round(40 * k * k)); i++)
    pores.push([rng.range(0, W), rng.range(gy + 30 * k, H), rng.range(1.5, 4.5) * k]);
  if (pores.length) s.path(dotsPath(pores), '#4a3626', { opacity: 0.13 });
  // Depth shading over the rock
  s.rect(
    -10,
    gy,
    W + 20,
    H - gy + 10,
    s.lin([
      [0, '#3b2a1d', 0],
      [1, '#2a1d14', 0.35],
    ]),
  );

  // Flooded side passages
  for (let t = 0; t < o.tunnels; t++) {
    const side = t % 2 === 0 ? rng.sign() : -1 * (t % 4 === 1 ? 1 : -1);
    const y = rng.range(lerp(wy, by, 0.3), lerp(wy, by, 0.75));
    const th = rng.range(28, 46) * k;
    const x0 = ccx + side * hw * 0.8;
    const x1 = side > 0 ? W + 30 : -30;
    const top: P[] = [];
    const bot: P[] = [];
    for (let i = 0; i <= 8; i++) {
      const x = lerp(x0, x1, i / 8);
      const yy = y + Math.sin(i * 1.3 + t) * 14 * k + (i / 8) * rng.range(-20, 20) * k;
      const hh = th * (1 - i * 0.04) + rng.range(-5, 5) * k;
      top.push([x, yy - hh / 2]);
      bot.unshift([x, yy + hh / 2]);
    }
    s.path(
      smoothPath(top, false) + smoothPath(bot, false).replace(/^M/, 'L') + 'Z',
      s.lin(
        [
          [0, '#138a97'],
          [0.5, '#0b5670'],
          [1, '#06263c'],
        ],
        x0,
        0,
        x1,
        0,
        true,
      ),
    );
    guideline(
      s,
      [
        [x0 - side * 40 * k, y + th * 0.25],
        [lerp(x0, x1, 0.35), y + th * 0.15],
        [lerp(x0, x1, 0.7), y + th * 0.2],
        [x1, y + th * 0.1],
      ],
      1.6 * k,
      '#f4efe1',
      0.6,
    );
  }

  // The cavity
  const r = (): number => rng.range(-1, 1);
  let pts: P[];
  let ceiling: [P, P][];
  if (open) {
    pts = [
      [cx - ow, gy],
      [lerp(cx - ow, ccx - hw, 0.5), lerp(gy, wy, 0.22) + r() * 8 * k],
      [ccx - hw * 0.97, lerp(gy, wy, 0.78)],
      [ccx - hw + r() * 20 * k, lerp(wy, by, 0.35)],
      [ccx - hw * 0.78, lerp(wy, by, 0.86)],
      [ccx - hw * 0.3, by + r() * 8 * k],
      [ccx + hw * 0.2, by + r() * 8 * k],
      [ccx + hw * 0.76, lerp(wy, by, 0.84)],
      [ccx + hw * 0.99 + r() * 20 * k, lerp(wy, by, 0.3)],
      [ccx + hw * 0.96, lerp(gy, wy, 0.74)],
      [lerp(cx + ow, ccx + hw, 0.5), lerp(gy, wy, 0.24) + r() * 8 * k],
      [cx + ow, gy],
    ];
    ceiling = [
      [at(pts, 0), at(pts, 1)],
      [at(pts, 1), [lerp(at(pts, 1)[0], at(pts, 2)[0], 0.4), lerp(at(pts, 1)[1], at(pts, 2)[1], 0.4)]],
      [at(pts, 11), at(pts, 10)],
      [at(pts, 10), [lerp(at(pts, 10)[0], at(pts, 9)[0], 0.4), lerp(at(pts, 10)[1], at(pts, 9)[1], 0.4)]],
    ];
  } else {
    const top = o.roofY ?? gy + 150 * k;
    const midY = (top + by) / 2;
    const halfH = (by - top) / 2;
    pts = [];
    for (let i = 0; i < 12; i++) {
      const a = -Math.PI / 2 + (i / 12) * TAU;
      const j = 1 + rng.range(-0.05, 0.05);
      pts.push([ccx + Math.cos(a) * hw * j, midY + Math.sin(a) * halfH * j * (Math.sin(a) < 0 ? 1 : 0.95)]);
    }
    ceiling = [];
    for (let i = 0; i < 12; i++) {
      const a = at(pts, i);
      const b = at(pts, (i + 1) % 12);
      if (a[1] < midY - halfH * 0.4 && b[1] < midY - halfH * 0.4) ceiling.push([a, b]);
    }
  }
  const outline = smoothPath(pts, !open);
  const cavity = open ? outline + 'Z' : outline;
  const topY = open ? gy : (o.roofY ?? gy);
  const airTop = Math.min(wy, topY);
  const sunOnWater: P = [cx + tanA * (wy - gy), wy];

  s.group({ 'clip-path': s.clip(cavity) }, () => {
    // air inside the cavern
    s.rect(
      -10,
      topY - 20,
      W + 20,
      H,
      s.rad(
        [
          [0, open ? mix('#f0dcb2', '#f6d49c', warm) : '#6b5a48'],
          [0.35, open ? mix('#a2825e', '#a97f55', warm) : '#3b3129'],
          [1, '#241c17'],
        ],
        cx,
        topY,
        (hw * 1.3 + (wy - airTop) * 0.5) * (1 - (o.dim ?? 0) * 0.55),
        ((wy - airTop) * 1.4 + 60 * k) * (1 - (o.dim ?? 0) * 0.45),
      ),
    );
    // the far rim of the opening, seen through the cut: a strip of ground with bushes and vines
    if (open) {
      s.rect(cx - ow - 10, gy - 2, o.openW + 20, 16 * k, '#8a6a48');
      treeLine(s, rng, cx - ow, cx + ow, gy + 10 * k, () => 8 * k, 9 * k, 16 * k, '#3f7d4a');
      const vines: P[] = [];
      for (let i = 0; i < 7; i++) vines.push([cx + rng.range(-0.9, 0.9) * ow, gy + 10 * k]);
      if (k >= 0.6) hangingLines(s, rng, vines, 20 * k, (wy - gy) * 0.35, '#3f7d4a', 2.5 * k, 0.7);
    }
    // the far wall of the cavern: faint ledges following the dome
    let arcs = '';
    for (let i = 1; i <= 6; i++) {
      const rx = hw * (0.2 + i * 0.14) + rng.range(-20, 20) * k;
      const ry = (wy - topY) * (0.15 + i * 0.2);
      arcs += `M${n(ccx - rx)},${n(wy)}A${n(rx)},${n(ry)} 0 0,1 ${n(ccx + rx)},${n(wy)}`;
    }
    s.path(arcs, 'none', { stroke: '#2a1d14', 'stroke-width': 3 * k, 'stroke-opacity': 0.13 });
    // stalactites under the overhang
    const segLen = ceiling.map(([a, b]) => Math.hypot(b[0] - a[0], b[1] - a[1]));
    const total = segLen.reduce((x, y) => x + y, 0);
    let drips = '';
    for (let i = 0; i < o.stalactites; i++) {
      let pick = rng.range(0, total);
      let seg = 0;
      while (seg < ceiling.length - 1 && pick > at(segLen, seg)) pick -= at(segLen, seg++);
      const [a, b] = at(ceiling, seg);
      const t = rng.range(0.05, 0.95);
      const x = lerp(a[0], b[0], t);
      const y = lerp(a[1], b[1], t) - 10 * k;
      const l = rng.range(18, 75) * k * (rng.chance(0.2) ? 1.6 : 1);
      drips += dripPath(x, y, rng.range(8, 20) * k, Math.min(l, wy - y - 4 * k));
    }
    s.path(
      drips,
      s.lin(
        [
          [0, '#c9a47a'],
          [1, '#5b4533'],
        ],
        0,
        topY,
        0,
        wy,
        true,
      ),
    );
    // water
    s.rect(
      -10,
      wy,
      W + 20,
      H - wy + 20,
      s.lin(
        [
          [0, '#74e8dc'],
          [0.07, '#2fc4c3'],
          [0.45, '#0f8596'],
          [1, '#06304c'],
        ],
        0,
        wy,
        0,
        by,
        true,
      ),
    );
    if (o.halocline) {
      const hy = lerp(wy, by, 0.55);
      s.path(
        smoothPath(wavePoints(-10, W + 10, hy, 6 * k, 0.02 / k, 1, 24), false) + `L${W + 10},${H + 10}L-10,${H + 10}Z`,
        '#08305a',
        { opacity: 0.35 },
      );
      s.path(smoothPath(wavePoints(-10, W + 10, hy, 6 * k, 0.02 / k, 1, 24), false), 'none', {
        stroke: '#bdf5f0',
        'stroke-width': 8 * k,
        'stroke-opacity': 0.35,
        filter: s.blur(3 * k),
      });
    }
    // debris cone of the collapsed roof
    if (o.debris) {
      const mx = cx + tanA * (by - gy) * 0.6;
      const mw = Math.max(o.openW, 160 * k) * 0.95;
      const mh = (by - wy) * 0.36;
      const mound: P[] = [
        [mx - mw * 1.2, by + 30 * k],
        [mx - mw * 0.6, by - mh * 0.45],
        [mx - mw * 0.15, by - mh * 0.95],
        [mx + mw * 0.25, by - mh],
        [mx + mw * 0.7, by - mh * 0.35],
        [mx + mw * 1.2, by + 30 * k],
      ];
      s.path(
        smoothPath(mound, false) + 'Z',
        s.lin([
          [0, '#7db9a8'],
          [0.5, '#3f7f80'],
          [1, '#15485c'],
        ]),
      );
      let stones = '';
      for (let i = 0; i < Math.round(9 * Math.min(1, k * 1.4)); i++) {
        const sx = mx + rng.range(-mw * 0.8, mw * 0.8);
        const sy = by - mh * (1 - Math.abs(sx - mx) / (mw * 1.1)) * rng.range(0.6, 1.0);
        stones += smoothPath(blobPoints(rng, sx, sy, rng.range(12, 26) * k, rng.range(8, 16) * k, 6, 0.2), true);
      }
      s.path(stones, '#5b9f95', { opacity: 0.75 });
    }
    // falling blocks (a roof giving way)
    if (o.falling) {
      let blocks = '';
      for (let i = 0; i < 6; i++) {
        const bx = ccx + rng.range(-hw * 0.4, hw * 0.4);
        const byy = lerp(topY, wy, rng.range(0.3, 0.95));
        blocks += smoothPath(blobPoints(rng, bx, byy, rng.range(8, 18) * k, rng.range(6, 12) * k, 5, 0.3), true);
      }
      s.path(blocks, '#b08a5e');
    }
    // light
    if (open) {
      for (let i = 0; i < o.beams; i++) {
        const x = cx + rng.range(-ow * 0.7, ow * 0.7);
        const w0 = rng.range(0.12, 0.32) * o.openW;
        const len = (by - gy) * 1.05;
        beam(
          s,
          [x, gy - 5],
          [x + tanA * len, gy + len],
          w0,
          w0 * rng.range(1.3, 2),
          light,
          rng.range(0.35, 0.6),
          7 * k,
        );
      }
      s.ellipse(
        sunOnWater[0],
        wy + 3 * k,
        ow * 1.1,
        9 * k,
        s.radBox([
          [0, '#ffffff', 0.9],
          [1, '#ffffff', 0],
        ]),
      );
      s.ellipse(
        cx + tanA * (by - gy) * 0.9,
        by - 20 * k,
        ow * 1.3,
        40 * k,
        s.radBox([
          [0, light, 0.45],
          [1, light, 0],
        ]),
      );
    }
    // water surface line
    s.rect(-10, wy - 1.5 * k, W + 20, 3 * k, '#e9fffb', { opacity: 0.75 });
    if (o.fish)
      school(s, rng, ccx + rng.range(-hw * 0.4, hw * 0.4), lerp(wy, by, 0.22), 60 * k, o.fish, 9 * k, '#0b4d5c', 0.55);
    for (let i = 0; i < o.divers; i++) {
      const dx = ccx + (lerp(-0.5, 0.5, (i + 0.5) / o.divers) + rng.range(-0.08, 0.08)) * hw;
      const dy = lerp(wy, by, (i % 2 ? 0.62 : 0.36) + rng.range(-0.06, 0.06));
      diver(s, dx, dy, 0.72 * k, rng.range(-14, 14), {
        flip: dx > ccx,
        torch: true,
        beam: 260,
        color: '#062636',
        bubbles: rng,
      });
    }
    // inner shadow along the rock
    if (k >= 0.8) s.path(cavity, 'none', { stroke: '#1d140e', 'stroke-width': 44 * k, 'stroke-opacity': 0.16 });
    s.path(cavity, 'none', { stroke: '#1d140e', 'stroke-width': 16 * k, 'stroke-opacity': 0.28 });
  });
  s.path(outline, 'none', { stroke: '#4b3525', 'stroke-width': 2.2 * k, 'stroke-opacity': 0.55 });

  if (o.cracks) {
    let d = '';
    for (let i = 0; i < 4; i++) {
      let x = ccx + rng.range(-hw * 0.35, hw * 0.35);
      let y = topY + 6 * k;
      d += `M${n(x)},${n(y)}`;
      while (y > gy + 8 * k) {
        y -= rng.range(10, 22) * k;
        x += rng.range(-10, 10) * k;
        d += `L${n(x)},${n(Math.max(y, gy))}`;
      }
    }
    s.path(d, 'none', { stroke: '#3a2a1e', 'stroke-width': 2 * k, 'stroke-opacity': 0.7, 'stroke-linejoin': 'round' });
    s.ellipse(ccx, gy + 4 * k, hw * 0.45, 8 * k, '#6b4d34', { opacity: 0.5 });
  }

  // Soil strip on the surface
  const soil = (x0: number, x1: number): void => {
    if (x1 <= x0) return;
    const top = wavePoints(x0, x1, gy - 2 * k, 2 * k, 0.05 / k, rng.range(0, 6), 10);
    s.path(smoothPath(top, false) + `L${n(x1)},${n(gy + 12 * k)}L${n(x0)},${n(gy + 14 * k)}Z`, '#5c4430');
    s.path(smoothPath(top, false), 'none', { stroke: '#3f7d3c', 'stroke-width': 5 * k });
  };
  if (open) {
    soil(-20, cx - ow + 2 * k);
    soil(cx + ow - 2 * k, W + 20);
  } else soil(-20, W + 20);

  // Roots hanging into the opening
  if (open && o.roots) {
    const starts: P[] = [];
    for (let i = 0; i < o.roots; i++) {
      const side = i % 2 ? 1 : -1;
      starts.push([cx + side * ow - side * rng.range(2, 30) * k, gy + 2 * k]);
    }
    hangingLines(s, rng, starts, (wy - gy) * 0.35, (wy - gy) * 1.02, '#4a3222', 2.2 * k, 0.7);
    const vines: P[] = [];
    for (let i = 0; i < o.roots; i++) vines.push([cx + (i % 2 ? 1 : -1) * (ow - rng.range(0, 20) * k), gy]);
    hangingLines(s, rng, vines, 30 * k, (wy - gy) * 0.5, '#2f7a3d', 3 * k, 0.85);
  }

  // Near jungle on both banks
  const nearFill = s.lin([
    [0, mix('#3f8f4f', '#5c8f3e', warm * 0.5)],
    [1, '#1e4d33'],
  ]);
  const bank = (x0: number, x1: number): void => {
    if (x1 - x0 < 40 * k) return;
    treeLine(s, rng, x0, x1, gy + 6 * k, (x) => (75 + 40 * Math.sin(x * 0.01 + ph)) * k, 20 * k, 38 * k, nearFill);
  };
  if (open) {
    bank(-20, cx - ow - 30 * k);
    bank(cx + ow + 30 * k, W + 20);
  } else {
    bank(-20, W * 0.35);
    bank(W * 0.6, W + 20);
  }
  const palms = o.palms ?? 3;
  for (let i = 0; i < palms; i++) {
    const side = i % 2 ? 1 : -1;
    const edge = open
      ? cx + side * (ow + rng.range(30, 160) * k)
      : W * (side > 0 ? rng.range(0.65, 0.95) : rng.range(0.05, 0.3));
    const px = clamp(edge, 20 * k, W - 20 * k);
    palm(s, rng, px, gy + 6 * k, rng.range(170, 260) * k, -side * rng.range(0.08, 0.25), '#4d3b2b', '#24603a');
  }
  // small bushes leaning over the rim
  if (open) {
    for (const side of [-1, 1]) {
      const ex = cx + side * ow;
      bush(s, rng, ex - side * 34 * k, gy + 4 * k, 30 * k);
      if (k >= 0.6) bush(s, rng, ex - side * 4 * k, gy + 8 * k, 18 * k);
    }
  }
}
