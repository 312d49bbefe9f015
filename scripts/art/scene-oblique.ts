import { type Rng, TAU, at, clamp, deg, lerp, mix, n, pt, type P } from './basics';
import { blobPoints, dotsPath, ellipsePath, polyPath, sampleSmooth, smoothPath } from './geometry';
import { diver, frond, hangingLines, palm, treeLine } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: an open cenote at eye level (a round hole in the jungle floor, seen at an angle)          */
/* ------------------------------------------------------------------------------------------------ */

export interface ObliqueOpts {
  horizon: number;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  depth: number;
  warmth: number;
  temple?: { x: number; w: number; h: number };
  boardwalk?: boolean;
  lily?: number;
  swimmers?: number;
  vines: number;
  caveMouth?: boolean;
}

/** A flat-bottomed cartoon cloud. */
export function cloud(s: Svg, rng: Rng, x: number, y: number, w: number, op: number): void {
  let d = `M${n(x - w / 2)},${n(y)}`;
  let cx = x - w / 2;
  const steps = rng.int(4, 6);
  for (let i = 0; i < steps; i++) {
    const nx = x - w / 2 + (w * (i + 1)) / steps;
    const bump = Math.sin(((i + 0.5) / steps) * Math.PI);
    const ny = i === steps - 1 ? y : y - w * 0.06 * bump;
    const r = ((nx - cx) / 2) * (1.15 + bump * 0.5);
    d += `A${n(r)},${n(r)} 0 0,1 ${n(nx)},${n(ny)}`;
    cx = nx;
  }
  s.path(d + 'Z', '#ffffff', { opacity: op });
}

export function sky(s: Svg, rng: Rng, h: number, warmth: number, clouds: number): void {
  const W = s.w;
  s.rect(
    0,
    0,
    W,
    h,
    s.lin([
      [0, mix('#56b6d3', '#e8a36c', warmth * 0.7)],
      [0.65, mix('#bde8ea', '#f8d6a0', warmth)],
      [1, mix('#f0fbf3', '#fff2d8', warmth)],
    ]),
  );
  const sx = W * rng.range(0.2, 0.8);
  s.circle(
    sx,
    h * 0.3,
    h * 0.9,
    s.rad(
      [
        [0, '#ffffff', 0.95],
        [0.1, '#fff7dc', 0.7],
        [1, '#fff7dc', 0],
      ],
      sx,
      h * 0.3,
      h * 0.9,
    ),
  );
  for (let i = 0; i < clouds; i++)
    cloud(s, rng, rng.range(0, W), rng.range(h * 0.15, h * 0.5), rng.range(140, 300), rng.range(0.6, 0.9));
}

/** A stepped Maya pyramid (nine terraces, a central stair, a temple on top), lit from the left. */
export function temple(s: Svg, x: number, base: number, w: number, h: number, warmth: number): void {
  const tiers = 9;
  const th = (h * 0.8) / tiers;
  const lit = mix('#e4cfa4', '#f0c990', warmth);
  const side = mix('#a98c66', '#b58a5e', warmth);
  s.ellipse(x, base, w * 0.62, th * 0.8, '#2a4a2a', { opacity: 0.35, filter: s.blur(6) });
  for (let i = 0; i < tiers; i++) {
    const y = base - (i + 1) * th;
    const ww = w * (1 - i * 0.085);
    const top = ww - th * 0.5;
    s.path(
      polyPath([
        [x - ww / 2, y + th],
        [x + ww / 2, y + th],
        [x + top / 2, y + th * 0.2],
        [x - top / 2, y + th * 0.2],
      ]),
      lit,
    );
    s.path(
      polyPath([
        [x + ww * 0.1, y + th],
        [x + ww / 2, y + th],
        [x + top / 2, y + th * 0.2],
        [x + top * 0.1, y + th * 0.2],
      ]),
      side,
      { opacity: 0.6 },
    );
    s.rect(x - top / 2, y, top, th * 0.22, mix(lit, '#ffffff', 0.3));
    s.rect(x - ww / 2, y + th - th * 0.14, ww, th * 0.14, '#6d5638', { opacity: 0.35 });
  }
  const topY = base - tiers * th;
  const sw0 = w * 0.17;
  const sw1 = w * 0.11;
  s.path(
    polyPath([
      [x - sw0 / 2, base],
      [x + sw0 / 2, base],
      [x + sw1 / 2, topY],
      [x - sw1 / 2, topY],
    ]),
    mix(lit, '#ffffff', 0.3),
  );
  s.path(
    polyPath([
      [x, base],
      [x + sw0 / 2, base],
      [x + sw1 / 2, topY],
      [x, topY],
    ]),
    side,
    { opacity: 0.25 },
  );
  let steps = '';
  for (let i = 1; i < 26; i++) {
    const t = i / 26;
    const y = lerp(base, topY, t);
    const hw = lerp(sw0, sw1, t) / 2;
    steps += `M${n(x - hw)},${n(y)}H${n(x + hw)}`;
  }
  s.path(steps, 'none', { stroke: '#8d7250', 'stroke-width': 1.3, 'stroke-opacity': 0.6 });
  s.path(
    `M${n(x - sw0 / 2)},${n(base)}L${n(x - sw1 / 2)},${n(topY)}M${n(x + sw0 / 2)},${n(base)}L${n(x + sw1 / 2)},${n(topY)}`,
    'none',
    { stroke: '#8d7250', 'stroke-width': 3 },
  );
  const tw = w * 0.26;
  const tH = h * 0.2;
  s.rect(x - tw / 2, topY - tH, tw, tH, lit);
  s.rect(x + tw * 0.1, topY - tH, tw * 0.4, tH, side, { opacity: 0.5 });
  s.rect(x - tw / 2 - 6, topY - tH - 8, tw + 12, 10, mix(lit, '#7d6446', 0.25));
  for (const dx of [-0.28, 0, 0.28]) s.rect(x + dx * tw - tw * 0.07, topY - tH * 0.68, tw * 0.14, tH * 0.68, '#3d2f22');
}

/** A low bush on the ground: a few round crowns with a soft shadow. */
export function bush(s: Svg, rng: Rng, x: number, y: number, size: number): void {
  s.ellipse(x + size * 0.2, y + size * 0.1, size * 1.3, size * 0.28, '#1c3f22', { opacity: 0.3 });
  let d = '';
  for (let i = 0; i < 4; i++)
    d += ellipsePath(
      x + rng.range(-0.7, 0.7) * size,
      y - rng.range(0.2, 0.6) * size,
      size * rng.range(0.45, 0.7),
      size * rng.range(0.4, 0.55),
    );
  s.path(
    d,
    s.lin([
      [0, rng.pick(['#5aa35a', '#4f9a52', '#6aae58'])],
      [1, '#24603a'],
    ]),
  );
}

/** A plank deck along a centre line, wider where it is nearer the viewer (larger y). */
export function deck(s: Svg, centre: readonly P[], width: (y: number) => number): void {
  const pts = sampleSmooth(centre, false, 6);
  pts.push(at(centre, centre.length - 1));
  const left: P[] = [];
  const right: P[] = [];
  const planks: string[] = [];
  pts.forEach((p, i) => {
    const q = at(pts, Math.min(pts.length - 1, i + 1));
    const r = at(pts, Math.max(0, i - 1));
    const dx = q[0] - r[0];
    const dy = q[1] - r[1];
    const len = Math.hypot(dx, dy) || 1;
    const w = width(p[1]) / 2;
    const l: P = [p[0] - (dy / len) * w, p[1] + (dx / len) * w];
    const rr: P = [p[0] + (dy / len) * w, p[1] - (dx / len) * w];
    left.push(l);
    right.push(rr);
    planks.push(`M${pt(l)}L${pt(rr)}`);
  });
  const outline = polyPath([...left, ...[...right].reverse()]);
  s.path(outline, '#2a1d12', { opacity: 0.3, transform: 'translate(6 9)' });
  s.path(
    outline,
    s.lin([
      [0, '#c99a66'],
      [1, '#a97a4c'],
    ]),
  );
  s.path(planks.join(''), 'none', { stroke: '#6e4c30', 'stroke-width': 1.6, 'stroke-opacity': 0.7 });
  let posts = '';
  left.forEach((p, i) => {
    if (i % 2) return;
    const h = width(p[1]) * 0.45;
    posts += `M${pt(p)}v${n(-h)}`;
  });
  s.path(posts, 'none', { stroke: '#5e3f26', 'stroke-width': 3 });
  s.path(
    smoothPath(
      left.map(([x, y]): P => [x, y - width(y) * 0.45]),
      false,
    ),
    'none',
    { stroke: '#7d5737', 'stroke-width': 4 },
  );
  s.path(polyPath(left, false), 'none', { stroke: '#6e4c30', 'stroke-width': 2.5 });
}

export function oblique(s: Svg, rng: Rng, o: ObliqueOpts): void {
  const { w: W, h: H } = s;
  const { cx, cy, rx, ry, depth } = o;
  sky(s, rng, o.horizon + 60, o.warmth, 3);
  const ph = rng.range(0, TAU);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    o.horizon + 20,
    (x) => 60 + 25 * Math.sin(x * 0.005 + ph),
    18,
    34,
    s.lin([
      [0, '#9cc7a4'],
      [1, '#7cae8c'],
    ]),
  );
  if (o.temple) temple(s, o.temple.x, o.horizon + 26, o.temple.w, o.temple.h, o.warmth);
  treeLine(
    s,
    rng,
    -20,
    W + 20,
    o.horizon + 40,
    (x) => 34 + 20 * Math.sin(x * 0.008 + ph * 2),
    16,
    30,
    s.lin([
      [0, '#5c9d5e'],
      [1, '#3d7d4b'],
    ]),
  );
  s.rect(
    -10,
    o.horizon + 38,
    W + 20,
    H,
    s.lin([
      [0, '#7aa653'],
      [0.35, '#578f45'],
      [1, '#2c6236'],
    ]),
  );
  // ground: soft shade patches and scattered bushes, kept clear of the cenote
  let patches = '';
  for (let i = 0; i < 18; i++) {
    const y = rng.range(o.horizon + 60, H);
    const t = (y - o.horizon) / (H - o.horizon);
    patches += ellipsePath(rng.range(0, W), y, rng.range(60, 160) * (0.4 + t), rng.range(6, 16) * (0.4 + t));
  }
  s.path(patches, '#23502c', { opacity: 0.2 });
  const bushes: [number, number][] = [];
  for (let i = 0; i < 60 && bushes.length < 11; i++) {
    const x = rng.range(0, W);
    const y = rng.range(o.horizon + 70, H - 60);
    if (((x - cx) / (rx * 1.35)) ** 2 + ((y - cy) / (ry * 1.6)) ** 2 < 1) continue;
    if (o.boardwalk && x < cx - rx * 0.3 && y > cy - ry) continue;
    bushes.push([x, y]);
  }
  bushes.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of bushes) bush(s, rng, x, y, lerp(10, 46, (y - o.horizon) / (H - o.horizon)));
  // the limestone rim and the hole
  s.ellipse(cx + 12, cy + ry * 0.16, rx * 1.12, ry * 1.26, '#1f3d22', { opacity: 0.3, filter: s.blur(12) });
  s.ellipse(
    cx,
    cy,
    rx * 1.07,
    ry * 1.16,
    s.lin([
      [0, '#f3e6c6'],
      [1, '#c9a877'],
    ]),
  );
  let stones = '';
  for (let i = 0; i < 16; i++) {
    const a = rng.range(0, TAU);
    stones += smoothPath(
      blobPoints(
        rng,
        cx + Math.cos(a) * rx * 1.08,
        cy + Math.sin(a) * ry * 1.17,
        rng.range(10, 26),
        rng.range(6, 12),
        6,
        0.2,
      ),
      true,
    );
  }
  s.path(stones, '#d8c29a');
  const hole = ellipsePath(cx, cy, rx, ry);
  const wy = cy + depth;
  s.group({ 'clip-path': s.clip(hole) }, () => {
    s.rect(
      cx - rx,
      cy - ry,
      rx * 2,
      depth + ry * 2,
      s.lin(
        [
          [0, '#ead4a6'],
          [0.5, '#b58f62'],
          [1, '#4e3a2a'],
        ],
        0,
        cy - ry,
        0,
        wy,
        true,
      ),
    );
    let strata = '';
    for (let i = 1; i < 6; i++) {
      const yy = cy - ry + ((depth + ry) * i) / 6 + rng.range(-4, 4);
      strata += `M${n(cx - rx)},${n(yy + ry)}A${n(rx)},${n(ry)} 0 0,1 ${n(cx + rx)},${n(yy + ry)}`;
    }
    s.path(strata, 'none', { stroke: '#4b3626', 'stroke-width': 3, 'stroke-opacity': 0.16 });
    s.rect(
      cx - rx,
      cy - ry,
      rx * 2,
      depth + ry * 2,
      s.lin(
        [
          [0, '#1d140d', 0.5],
          [0.35, '#1d140d', 0],
          [0.75, '#1d140d', 0],
          [1, '#1d140d', 0.35],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const starts: P[] = [];
    for (let i = 0; i < o.vines; i++) {
      const x = cx + rng.range(-0.92, 0.92) * rx;
      starts.push([x, cy - ry * Math.sqrt(1 - ((x - cx) / rx) ** 2) - 4]);
    }
    hangingLines(s, rng, starts, depth * 0.3, depth * 1.2, '#2f6f38', 4, 0.85);
    hangingLines(
      s,
      rng,
      starts.map(([x, y]): P => [x + 14, y]),
      depth * 0.2,
      depth * 1.0,
      '#4a3323',
      2,
      0.6,
    );
    s.ellipse(
      cx,
      wy,
      rx * 0.99,
      ry,
      s.lin(
        [
          [0, '#0b5f6c'],
          [0.4, '#1aa6ac'],
          [1, '#6fe2d4'],
        ],
        0,
        wy - ry,
        0,
        wy + ry,
        true,
      ),
    );
    // shade from the rim, light glints, lily pads
    s.ellipse(cx - rx * 0.3, wy - ry * 0.45, rx * 0.85, ry * 0.7, '#073845', { opacity: 0.3, filter: s.blur(20) });
    if (o.caveMouth) {
      s.ellipse(cx + rx * 0.3, wy - ry * 0.78, rx * 0.2, ry * 0.22, '#03222f', { opacity: 0.8, filter: s.blur(9) });
      diver(s, cx + rx * 0.12, wy - ry * 0.45, 0.42, -14, { color: '#06303c', opacity: 0.55 });
    }
    let glints = '';
    for (let i = 0; i < 14; i++) {
      const gx = cx + rng.range(-0.7, 0.7) * rx;
      const gy = wy + rng.range(0.05, 0.85) * ry;
      const gw = rng.range(20, 70);
      glints += `M${n(gx - gw / 2)},${n(gy)}h${n(gw)}`;
    }
    s.path(glints, 'none', {
      stroke: '#ffffff',
      'stroke-width': 2.5,
      'stroke-opacity': 0.35,
      'stroke-linecap': 'round',
    });
    let pads = '';
    const flowers: [number, number, number][] = [];
    for (let i = 0; i < (o.lily ?? 0); i++) {
      const lx = cx + rng.range(-0.85, 0.85) * rx;
      const ly = wy + rng.range(-0.5, 0.9) * ry;
      const r = rng.range(12, 26) * lerp(0.7, 1.2, (ly - wy + ry) / (2 * ry));
      const b = rng.range(0, TAU);
      const f = 0.42;
      pads += `M${n(lx)},${n(ly)}L${n(lx + Math.cos(b) * r)},${n(ly + Math.sin(b) * r * f)}A${n(r)},${n(r * f)} 0 1,0 ${n(lx + Math.cos(b + 0.5) * r)},${n(ly + Math.sin(b + 0.5) * r * f)}Z`;
      if (rng.chance(0.3)) flowers.push([lx + rng.range(-5, 5), ly - 3, rng.range(4, 6)]);
    }
    s.path(pads, '#4f9a3e');
    s.path(dotsPath(flowers), '#f7d0e2');
    for (let i = 0; i < (o.swimmers ?? 0); i++) {
      const sx = cx + rng.range(-0.5, 0.5) * rx;
      const sy = wy + rng.range(0.25, 0.8) * ry;
      s.ellipse(sx, sy + 4, 28, 8, 'none', { stroke: '#ffffff', 'stroke-opacity': 0.55, 'stroke-width': 2 });
      s.circle(sx, sy - 2, 7, '#6b4a36');
      s.path(`M${n(sx - 12)},${n(sy + 2)}q12,-6 24,0`, 'none', {
        stroke: rng.pick(['#f2c14e', '#e9735f', '#ffffff']),
        'stroke-width': 4,
        'stroke-linecap': 'round',
      });
    }
    if (o.boardwalk) {
      // stairs down the far wall to a floating deck
      const x0 = cx - rx * 0.62;
      const y0 = cy - ry * 0.8;
      const x1 = cx - rx * 0.18;
      const y1 = wy - ry * 0.78;
      const sw = 50;
      s.path(
        polyPath([
          [x0, y0],
          [x0 + sw, y0],
          [x1 + sw, y1],
          [x1, y1],
        ]),
        '#3a2a1d',
        { opacity: 0.35, transform: 'translate(8 6)' },
      );
      s.path(
        polyPath([
          [x0, y0],
          [x0 + sw, y0],
          [x1 + sw, y1],
          [x1, y1],
        ]),
        '#b4855a',
      );
      let st = '';
      for (let i = 1; i < 14; i++) {
        const t = i / 14;
        st += `M${n(lerp(x0, x1, t))},${n(lerp(y0, y1, t))}h${sw}`;
      }
      s.path(st, 'none', { stroke: '#6e4c30', 'stroke-width': 2 });
      let posts = '';
      for (let i = 0; i <= 6; i++) posts += `M${n(lerp(x0, x1, i / 6) + sw)},${n(lerp(y0, y1, i / 6))}v-28`;
      s.path(posts + `M${n(x0 + sw)},${n(y0 - 28)}L${n(x1 + sw)},${n(y1 - 28)}`, 'none', {
        stroke: '#7d5737',
        'stroke-width': 3,
      });
      s.path(
        polyPath([
          [x1 - 70, y1],
          [x1 + 170, y1],
          [x1 + 150, y1 + 34],
          [x1 - 96, y1 + 34],
        ]),
        '#c08f60',
      );
      s.path(`M${n(x1 - 96)},${n(y1 + 34)}L${n(x1 + 150)},${n(y1 + 34)}`, 'none', {
        stroke: '#6e4c30',
        'stroke-width': 3,
      });
      s.path(
        `M${n(x1 + 60)},${n(y1 + 34)}v30M${n(x1 + 84)},${n(y1 + 34)}v30M${n(x1 + 60)},${n(y1 + 46)}h24M${n(x1 + 60)},${n(y1 + 58)}h24`,
        'none',
        { stroke: '#e9e4da', 'stroke-width': 3, 'stroke-opacity': 0.85 },
      );
    }
  });
  s.path(`M${n(cx - rx)},${n(cy)}A${n(rx)},${n(ry)} 0 0,0 ${n(cx + rx)},${n(cy)}`, 'none', {
    stroke: '#fbf1d8',
    'stroke-width': 5,
    'stroke-opacity': 0.9,
  });
  s.path(`M${n(cx - rx)},${n(cy)}A${n(rx)},${n(ry)} 0 0,1 ${n(cx + rx)},${n(cy)}`, 'none', {
    stroke: '#6b5038',
    'stroke-width': 3,
    'stroke-opacity': 0.5,
  });
  // ferns and bushes along the near rim
  for (let i = 0; i < 5; i++) {
    const a = deg(rng.range(20, 160));
    frond(
      s,
      cx + Math.cos(a) * rx * 1.05,
      cy + Math.sin(a) * ry * 1.12,
      rng.range(50, 90),
      rng.range(-150, -30),
      rng.sign() * 0.5,
      rng.pick(['#2c7040', '#3a8548']),
      8,
    );
  }
  if (o.boardwalk) {
    const path: P[] = [
      [W * 0.2, H + 60],
      [W * 0.22, H * 0.85],
      [cx - rx * 1.02, cy + ry * 0.6],
      [cx - rx * 0.86, cy - ry * 0.5],
      [cx - rx * 0.6, cy - ry * 0.84],
    ];
    deck(s, path, (y) => lerp(46, 130, clamp((y - o.horizon) / (H - o.horizon), 0, 1.2)));
  }
  // foreground vegetation framing the view
  for (const side of [-1, 1]) {
    const bx = side < 0 ? 0 : W;
    treeLine(
      s,
      rng,
      side < 0 ? -20 : W * 0.82,
      side < 0 ? W * 0.18 : W + 20,
      H + 10,
      (x) => 150 - Math.abs(x - bx) * 0.5,
      30,
      55,
      s.lin([
        [0, '#3c8a48'],
        [1, '#17402a'],
      ]),
    );
    palm(
      s,
      rng,
      bx - side * rng.range(60, 150),
      H * 0.9,
      rng.range(380, 470),
      -side * rng.range(0.05, 0.15),
      '#4a3829',
      '#1f5a34',
    );
    for (let i = 0; i < 4; i++)
      frond(
        s,
        bx - side * rng.range(0, 120),
        H + 10,
        rng.range(160, 240),
        side < 0 ? rng.range(-70, -20) : rng.range(-160, -110),
        side * 0.5,
        rng.pick(['#2c7040', '#3a8548', '#24603a']),
      );
  }
}
