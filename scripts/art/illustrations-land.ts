import { type Rng, TAU, mix, n } from './basics';
import { dotsPath, ellipsePath } from './geometry';
import { beam, frond, leaf, palm, treeLine, vignette } from './pieces';
import { crossSection } from './scene-cross-section';
import { oblique, sky } from './scene-oblique';
import { type Svg } from './svg';

export function jungleCanopy(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  sky(s, rng, H, 0.35, 0);
  s.circle(
    W * 0.68,
    H * 0.2,
    560,
    s.rad(
      [
        [0, '#fffbe8', 0.95],
        [1, '#fff3c9', 0],
      ],
      W * 0.68,
      H * 0.2,
      560,
    ),
  );
  const gx = W * 0.4;
  const gy = 640;
  const layers: [number, string, string][] = [
    [300, '#b3d6b5', '#9cc6a3'],
    [410, '#86bb8f', '#6fa77c'],
    [520, '#559e66', '#428857'],
    [650, '#2f7a4c', '#21583a'],
  ];
  layers.forEach(([top, c1, c2], i) => {
    const ph = rng.range(0, TAU);
    if (i === 1 || i === 2)
      palm(
        s,
        rng,
        rng.pick([W * 0.15, W * 0.62, W * 0.85]) + rng.range(-60, 60),
        top + 80,
        200 + i * 50,
        rng.range(-0.12, 0.12),
        mix(c2, '#3b2e22', 0.35),
        c2,
      );
    const dip = i === 3 ? (x: number): number => 150 * Math.exp(-(((x - gx) / 170) ** 2)) : (): number => 0;
    treeLine(
      s,
      rng,
      -20,
      W + 20,
      H + 20,
      (x) => H + 20 - top - 40 * Math.sin(x * 0.004 + ph) - 25 * Math.sin(x * 0.013) - dip(x),
      26 + i * 6,
      46 + i * 10,
      s.lin([
        [0, c1],
        [1, c2],
      ]),
    );
    if (i < 3)
      s.rect(
        -10,
        top + 40,
        W + 20,
        160,
        s.lin([
          [0, '#ffffff', 0],
          [0.5, '#f4fbf4', 0.3],
          [1, '#ffffff', 0],
        ]),
      );
    if (i === 2) {
      // a cenote glinting in a clearing
      s.ellipse(gx, gy, 170, 40, '#d9c396');
      s.ellipse(
        gx,
        gy + 5,
        146,
        28,
        s.lin([
          [0, '#0b6270'],
          [1, '#6fe2d4'],
        ]),
      );
      s.path(`M${n(gx - 70)},${n(gy + 8)}h56M${n(gx + 12)},${n(gy + 17)}h64`, 'none', {
        stroke: '#ffffff',
        'stroke-width': 3,
        'stroke-opacity': 0.6,
        'stroke-linecap': 'round',
      });
    }
  });
  // god rays
  for (let i = 0; i < 5; i++) {
    const x = W * 0.68 + rng.range(-120, 120);
    beam(
      s,
      [x, 0],
      [x - rng.range(200, 500), H],
      rng.range(40, 90),
      rng.range(180, 320),
      '#fff8dc',
      rng.range(0.12, 0.2),
      14,
    );
  }
  // birds
  let birds = '';
  for (let i = 0; i < 5; i++) {
    const bx = rng.range(W * 0.2, W * 0.55);
    const by = rng.range(90, 240);
    const bw = rng.range(12, 22);
    birds += `M${n(bx - bw)},${n(by - bw * 0.3)}Q${n(bx - bw * 0.4)},${n(by - bw * 0.6)} ${n(bx)},${n(by)}Q${n(bx + bw * 0.4)},${n(by - bw * 0.6)} ${n(bx + bw)},${n(by - bw * 0.3)}`;
  }
  s.path(birds, 'none', { stroke: '#2b3b33', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-opacity': 0.7 });
  // foreground leaves framing the view
  const big: [number, number, number, number, string][] = [
    [-30, 60, 380, 12, '#1f5a34'],
    [-50, 230, 330, 32, '#2c7040'],
    [W + 30, 40, 400, 172, '#1f5a34'],
    [W + 40, 240, 320, 150, '#2c7040'],
    [90, H + 40, 340, -62, '#24603a'],
    [-20, H - 40, 300, -25, '#2f7a45'],
    [W - 110, H + 40, 360, -118, '#24603a'],
    [W + 20, H - 60, 300, -160, '#2f7a45'],
  ];
  for (const [x, y, len, a, c] of big) leaf(s, x, y, len, len * 0.27, a, c, '#0f3320');
  for (let i = 0; i < 5; i++)
    frond(
      s,
      rng.range(W * 0.2, W * 0.8),
      H + 20,
      rng.range(200, 300),
      rng.range(-130, -50),
      rng.sign() * 0.6,
      '#1c4f30',
      13,
    );
}

export function mayaTemple(s: Svg, rng: Rng): void {
  oblique(s, rng, {
    horizon: 380,
    cx: 980,
    cy: 640,
    rx: 360,
    ry: 135,
    depth: 120,
    warmth: 0.55,
    temple: { x: 520, w: 470, h: 300 },
    lily: 0,
    swimmers: 0,
    vines: 16,
  });
}

export function ogDefault(s: Svg, rng: Rng): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.lin(
      [
        [0, '#05303f'],
        [0.55, '#0a5d6c'],
        [1, '#12867f'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  for (let i = 0; i < 4; i++)
    beam(
      s,
      [rng.range(100, 500), -40],
      [rng.range(500, 1100), H + 40],
      rng.range(60, 120),
      rng.range(200, 320),
      '#dffff8',
      0.1,
      16,
    );
  const cx = W / 2;
  const cy = H / 2;
  const R = 230;
  let rings = '';
  for (const r of [262, 300, 350, 410]) rings += ellipsePath(cx, cy, r, r);
  s.path(rings, 'none', { stroke: '#bff3ee', 'stroke-width': 1.5, 'stroke-opacity': 0.16 });
  const ring: [number, number, number][] = [];
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * TAU;
    ring.push([cx + Math.cos(a) * 280, cy + Math.sin(a) * 280, i % 6 === 0 ? 4.5 : 2.2]);
  }
  s.path(dotsPath(ring), '#e9fffb', { opacity: 0.6 });
  s.circle(cx, cy + 12, R, '#01141c', { opacity: 0.35, filter: s.blur(16) });
  const circle = ellipsePath(cx, cy, R, R);
  s.group({ 'clip-path': s.clip(circle) }, () => {
    s.group({ transform: `translate(${cx - R} ${cy - R})` }, () => {
      crossSection(s, rng, {
        W: R * 2,
        H: R * 2,
        k: 0.45,
        groundY: R * 0.72,
        cx: R,
        openW: R * 0.5,
        chamberW: R * 1.7,
        bottomY: R * 1.95,
        waterY: R * 1.2,
        sunAngle: 8,
        beams: 4,
        divers: 1,
        tunnels: 1,
        debris: true,
        warmth: 0.35,
        stalactites: 14,
        roots: 8,
        fish: 6,
        palms: 2,
      });
    });
  });
  s.path(circle, 'none', { stroke: '#f4ecd2', 'stroke-width': 8 });
  // fronds framing the emblem
  for (const side of [-1, 1]) {
    for (let i = 0; i < 3; i++)
      frond(
        s,
        cx + side * (R - 20),
        cy + R - 10,
        170 - i * 25,
        side < 0 ? -200 + i * 35 : 20 - i * 35,
        side * -0.5,
        i % 2 ? '#2f8a57' : '#3fa066',
        12,
      );
  }
  vignette(s, 0.45, '#01141c');
}
