/* ------------------------------------------------------------------------------------------------ */
/* Basics: numbers, random, colour                                                                   */
/* ------------------------------------------------------------------------------------------------ */

export type P = [number, number];
export type Stop = readonly [offset: number, color: string, opacity?: number];
export type Attrs = Record<string, string | number | undefined>;

export const TAU = Math.PI * 2;
export const deg = (d: number): number => (d * Math.PI) / 180;
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;
export const clamp = (v: number, a: number, b: number): number => Math.min(b, Math.max(a, v));

export function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** Coordinates: whole pixels for large values, one decimal for small (local) ones; keeps the files small. */
export function n(v: number): string {
  const r = Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}
/** Attribute numbers: two decimals for small values (opacities, offsets), one otherwise. */
export function fmt(v: number): string {
  const r = Math.abs(v) < 10 ? Math.round(v * 100) / 100 : Math.round(v * 10) / 10;
  return r === 0 ? '0' : String(r);
}
export const pt = (p: P): string => `${n(p[0])},${n(p[1])}`;

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for art. */
export class Rng {
  private state: number;
  constructor(seed: string | number) {
    this.state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1 - 1e-9));
  }
  pick<T>(list: readonly T[]): T {
    return at(list, Math.floor(this.next() * list.length));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  sign(): number {
    return this.next() < 0.5 ? -1 : 1;
  }
}

export function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
export function toHex(r: number, g: number, b: number): string {
  return '#' + [r, g, b].map((c) => clamp(Math.round(c), 0, 255).toString(16).padStart(2, '0')).join('');
}
export function mix(a: string, b: string, t: number): string {
  const A = rgb(a);
  const B = rgb(b);
  return toHex(lerp(A[0], B[0], t), lerp(A[1], B[1], t), lerp(A[2], B[2], t));
}
