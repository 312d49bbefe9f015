import { type Rng, at, clamp, lerp, mix, type P } from './basics';
import { columnPath, curtainPath, dripPath, moundPath, sampleSmooth, smoothPath } from './geometry';
import { beam, diver, guideline, particles, vignette } from './pieces';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* Scene: a dark, decorated cave passage lit by torches (nested frames toward a vanishing point)    */
/* ------------------------------------------------------------------------------------------------ */

/** Shoelace area: positive when the points run clockwise on screen (y down). */
export function clockwise(pts: readonly P[]): P[] {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = at(pts, i);
    const q = at(pts, (i + 1) % pts.length);
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a >= 0 ? [...pts] : [...pts].reverse();
}

export interface LayerOpts {
  layers: number;
  far: string; // farthest rock colour (hazy)
  near: string; // nearest rock colour (silhouette)
  lit: string; // colour of rock in the light
  spot: P; // where the light is brightest
  spotR: number;
  litPeak?: number; // which depth (0 far .. 1 near) catches most light
  litWidth?: number; // how quickly the light falls off with depth
  rim?: boolean; // a thin light rim under the best-lit layer's formations
  ceil: [number, number]; // ceiling edge height, far and near layer
  floor?: [number, number];
  floorFrom?: number; // only layers at or nearer than this get a floor
  walls?: number; // side wall thickness at the nearest layer
  density: number;
  floorDensity?: number;
  columns: number;
  curtains?: boolean;
  arch?: number; // how much ceilings and floors bow toward the centre (0 flat)
  cx?: number; // centre of the passage
  after?: (i: number, t: number) => void;
}

/**
 * A cave interior as parallax layers: each layer is a ceiling band with stalactites, optionally a floor with
 * stalagmites, side walls and columns. Ceilings and floors bow toward the centre like a passage seen head-on.
 * Far layers are hazy, near layers dark; a radial light picks out the rock.
 */
export function caveLayers(s: Svg, rng: Rng, o: LayerOpts): void {
  const { w: W, h: H } = s;
  const cx = o.cx ?? W / 2;
  for (let i = 0; i < o.layers; i++) {
    const t = o.layers > 1 ? i / (o.layers - 1) : 1;
    const sc = lerp(0.4, 1.25, t);
    const base = mix(o.far, o.near, t);
    const la = clamp(1 - Math.abs(t - (o.litPeak ?? 0.3)) * (o.litWidth ?? 1.4), 0.06, 1) * 0.92;
    const fill = s.rad(
      [
        [0, mix(base, o.lit, la)],
        [0.4, mix(base, o.lit, la * 0.45)],
        [1, base],
      ],
      o.spot[0],
      o.spot[1],
      o.spotR * (0.8 + t * 0.6),
      o.spotR * (0.65 + t * 0.45),
    );
    let d = '';
    const amp = lerp(24, 70, t);
    const arch = (o.arch ?? 0.5) * lerp(220, 330, t);
    const lcx = cx + rng.range(-60, 60) * (1 - t);
    const bow = (x: number): number => Math.min(2.2, Math.pow(Math.abs(x - lcx) / (W * lerp(0.28, 0.6, t)), 1.7));
    const cy = lerp(o.ceil[0], o.ceil[1], t);
    const ceilEdge: P[] = [];
    for (let j = 0; j <= 8; j++) {
      const x = lerp(-80, W + 80, j / 8) + rng.range(-50, 50);
      ceilEdge.push([x, cy + rng.range(-amp, amp) + arch * bow(x)]);
    }
    d += smoothPath([[-80, -80], [W + 80, -80], ...[...ceilEdge].reverse()], true);
    const ceilSamples = sampleSmooth(ceilEdge, false, 4);
    const yAt = (samples: readonly P[], x: number): number => {
      let best = at(samples, 0);
      for (const p of samples) if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
      return best[1];
    };
    for (const p of ceilSamples) {
      if (p[0] < -30 || p[0] > W + 30 || !rng.chance(o.density)) continue;
      const x = p[0] + rng.range(-20, 20) * sc;
      const y = yAt(ceilSamples, x);
      if (o.curtains && rng.chance(0.12)) {
        d += curtainPath(rng, x, y, rng.range(40, 90) * sc, rng.range(40, 110) * sc);
        continue;
      }
      const w = rng.range(12, 36) * sc;
      const l = rng.range(30, 150) * sc * (rng.chance(0.15) ? 1.7 : 1);
      d += dripPath(x, y - 16 * sc, w, l + 16 * sc);
      const extra = rng.int(0, 2);
      for (let e = 0; e < extra; e++)
        d += dripPath(x + rng.range(-1.4, 1.4) * w, y - 14 * sc, w * rng.range(0.22, 0.5), l * rng.range(0.3, 0.85));
    }
    let floorSamples: P[] | undefined;
    if (o.floor && t >= (o.floorFrom ?? 0)) {
      const fy = lerp(o.floor[0], o.floor[1], t);
      const edge: P[] = [];
      for (let j = 0; j <= 9; j++) {
        const x = lerp(-80, W + 80, j / 9) + rng.range(-30, 30);
        edge.push([x, fy + rng.range(-amp, amp) * 0.7 - arch * 0.6 * bow(x)]);
      }
      d += smoothPath([...edge, [W + 80, H + 80], [-80, H + 80]], true);
      floorSamples = sampleSmooth(edge, false, 4);
      for (const p of floorSamples) {
        if (p[0] < -30 || p[0] > W + 30 || !rng.chance(o.density * (o.floorDensity ?? 0.6))) continue;
        const w = rng.range(16, 44) * sc;
        d += moundPath(p[0], p[1] + 14 * sc, w, rng.range(14, 80) * sc + 14 * sc);
        if (rng.chance(0.4))
          d += moundPath(p[0] + w * rng.range(0.5, 0.9), p[1] + 12 * sc, w * 0.5, rng.range(10, 40) * sc + 12 * sc);
      }
    }
    if (t > 0.12 && t < 0.8) {
      for (let c = 0; c < o.columns; c++) {
        if (!rng.chance(0.5)) continue;
        const x = cx + rng.sign() * rng.range(0.12, 0.45) * W;
        const y0 = yAt(ceilSamples, x);
        const y1 = floorSamples ? yAt(floorSamples, x) : H + 60;
        if (y1 - y0 < 60) continue;
        d += columnPath(x, y0 - 12, y1 + 14, rng.range(30, 70) * sc);
      }
    }
    if (o.walls && t > 0.45) {
      const thick = o.walls * ((t - 0.45) / 0.55);
      for (const side of [-1, 1]) {
        const inner: P[] = [];
        for (let j = 0; j <= 7; j++) {
          const y = lerp(-80, H + 80, j / 7);
          const x = thick * rng.range(0.3, 1.3) * (0.6 + 0.8 * Math.abs(j / 7 - 0.5));
          inner.push([side < 0 ? x : W - x, y]);
        }
        const outerX = side < 0 ? -80 : W + 80;
        d += smoothPath(clockwise([[outerX, -80], ...inner, [outerX, H + 80]]), true, 0.9);
      }
    }
    if (o.rim && la > 0.6) {
      const glow = s.rad(
        [
          [0, mix(o.lit, '#ffffff', 0.4), 0.75],
          [0.45, o.lit, 0.3],
          [1, o.lit, 0],
        ],
        o.spot[0],
        o.spot[1],
        o.spotR,
        o.spotR * 0.8,
      );
      s.path(d, glow, { transform: 'translate(-2 3)' });
    }
    s.path(d, fill);
    o.after?.(i, t);
  }
}

export interface DarkCaveOpts {
  vp: P;
  layers: number;
  far: string;
  near: string;
  lit: string;
  spot: P;
  spotR: number;
  density: number;
  columns: number;
  divers: { x: number; y: number; scale: number; flip?: boolean }[];
  torchFrom?: P; // light held by the viewer (no diver)
  guideline?: boolean;
  farGlow?: boolean;
  water?: string;
  litPeak?: number;
  litWidth?: number;
  rim?: boolean;
}

/** A dark flooded cave passage: parallax layers of formations, divers with torches, a guideline. */
export function darkCave(s: Svg, rng: Rng, o: DarkCaveOpts): void {
  const { w: W, h: H } = s;
  s.rect(
    0,
    0,
    W,
    H,
    s.rad(
      [
        [0, o.water ?? '#15506a'],
        [0.5, '#072636'],
        [1, '#020a12'],
      ],
      o.vp[0],
      o.vp[1],
      W * 0.6,
      H * 0.7,
    ),
  );
  if (o.farGlow)
    s.ellipse(
      o.vp[0],
      o.vp[1],
      260,
      140,
      s.radBox([
        [0, '#d8fff8', 0.55],
        [1, '#6fd6e0', 0],
      ]),
    );
  const drawDivers = (): void => {
    if (o.guideline) {
      const pts: P[] = [];
      const start: P = [W * 0.18, H + 20];
      for (let i = 0; i <= 6; i++) {
        const t = Math.pow(i / 6, 0.75);
        pts.push([
          lerp(start[0], o.vp[0], t) + Math.sin(i * 1.9) * 26 * (1 - t),
          lerp(start[1], o.vp[1] + 50, t) + (i % 2 ? -12 : 8) * (1 - t),
        ]);
      }
      guideline(s, pts, 3.4);
    }
    for (const dv of o.divers) {
      const dir = dv.flip ? -1 : 1;
      const torch: P = [dv.x + dir * 92 * dv.scale, dv.y + 8 * dv.scale];
      const ang = (Math.atan2(o.spot[1] - torch[1], (o.spot[0] - torch[0]) * dir) * 180) / Math.PI;
      const reach = Math.hypot(o.spot[0] - torch[0], o.spot[1] - torch[1]) / dv.scale;
      diver(s, dv.x, dv.y, dv.scale, dv.flip ? -ang : ang, {
        flip: dv.flip,
        torch: true,
        beam: reach * 1.15,
        light: '#fff4d6',
        color: '#020d14',
        bubbles: rng,
      });
    }
  };
  caveLayers(s, rng, {
    layers: o.layers,
    far: o.far,
    near: o.near,
    lit: o.lit,
    spot: o.spot,
    spotR: o.spotR,
    litPeak: o.litPeak,
    litWidth: o.litWidth,
    rim: o.rim,
    ceil: [o.vp[1] - 60, H * 0.04],
    floor: [o.vp[1] + 60, H * 0.96],
    walls: 200,
    arch: 0.8,
    cx: o.vp[0],
    density: o.density,
    columns: o.columns,
    curtains: false,
    after: (i) => {
      if (i === o.layers - 2) drawDivers();
    },
  });
  if (o.torchFrom) {
    beam(s, o.torchFrom, o.spot, 40, o.spotR * 0.7, '#fff4d6', 0.16, 16);
    s.ellipse(
      o.spot[0],
      o.spot[1],
      o.spotR * 0.6,
      o.spotR * 0.45,
      s.radBox([
        [0, '#fff6de', 0.22],
        [1, '#fff6de', 0],
      ]),
    );
  }
  particles(s, rng, 0, 0, W, H, 60, '#e5fbff', 0.18);
  vignette(s, 0.6);
}
