import { fmt, n, type Attrs, type Stop } from './basics';

/* ------------------------------------------------------------------------------------------------ */
/* SVG document builder                                                                              */
/* ------------------------------------------------------------------------------------------------ */

export function attrs(a: Attrs): string {
  let out = '';
  for (const [k, v] of Object.entries(a)) if (v !== undefined) out += ` ${k}="${typeof v === 'number' ? fmt(v) : v}"`;
  return out;
}

export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private count = 0;
  private readonly cache = new Map<string, string>();
  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  private id(prefix: string): string {
    return prefix + (this.count++).toString(36);
  }
  private stops(st: readonly Stop[]): string {
    return st
      .map(
        ([o, c, a]) =>
          `<stop offset="${fmt(o)}" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${fmt(a)}"`}/>`,
      )
      .join('');
  }
  private memo(key: string, make: () => string): string {
    const hit = this.cache.get(key);
    if (hit) return hit;
    const url = make();
    this.cache.set(key, url);
    return url;
  }
  /** Linear gradient; bounding-box fractions unless `user` (then user-space coordinates). */
  lin(st: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const key = `l${JSON.stringify(st)}${x1},${y1},${x2},${y2},${user}`;
    return this.memo(key, () => {
      const id = this.id('l');
      const co = user
        ? ` gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"`
        : `${x1 ? ` x1="${fmt(x1)}"` : ''}${y1 ? ` y1="${fmt(y1)}"` : ''}${x2 === 1 ? '' : ` x2="${fmt(x2)}"`}${y2 ? ` y2="${fmt(y2)}"` : ''}`;
      this.defs.push(`<linearGradient id="${id}"${co}>${this.stops(st)}</linearGradient>`);
      return `url(#${id})`;
    });
  }
  /** Radial gradient in user space, elliptical (rx, ry) and optionally rotated. */
  rad(st: readonly Stop[], cx: number, cy: number, rx: number, ry = rx, rot = 0): string {
    const key = `r${JSON.stringify(st)}${n(cx)},${n(cy)},${n(rx)},${n(ry)},${rot}`;
    return this.memo(key, () => {
      const id = this.id('r');
      const tr = `translate(${n(cx)} ${n(cy)})${rot ? ` rotate(${fmt(rot)})` : ''} scale(${n(rx)} ${n(ry)})`;
      this.defs.push(
        `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="${tr}">${this.stops(st)}</radialGradient>`,
      );
      return `url(#${id})`;
    });
  }
  /** Radial gradient relative to the shape's bounding box (reusable across many shapes). */
  radBox(st: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const key = `b${JSON.stringify(st)}${cx},${cy},${r}`;
    return this.memo(key, () => {
      const id = this.id('b');
      this.defs.push(
        `<radialGradient id="${id}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(r)}">${this.stops(st)}</radialGradient>`,
      );
      return `url(#${id})`;
    });
  }
  blur(sd: number): string {
    const v = fmt(sd);
    return this.memo(`f${v}`, () => {
      const id = this.id('f');
      this.defs.push(
        `<filter id="${id}" x="-40%" y="-40%" width="180%" height="180%"><feGaussianBlur stdDeviation="${v}"/></filter>`,
      );
      return `url(#${id})`;
    });
  }
  clip(d: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }
  path(d: string, fill: string, a: Attrs = {}): void {
    if (d) this.body.push(`<path d="${d}"${attrs({ fill, ...a })}/>`);
  }
  rect(x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${attrs({ fill, ...a })}/>`);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}"${attrs({ fill, ...a })}/>`);
  }
  circle(cx: number, cy: number, r: number, fill: string, a: Attrs = {}): void {
    this.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${attrs({ fill, ...a })}/>`);
  }
  group(a: Attrs, draw: () => void): void {
    this.body.push(`<g${attrs(a)}>`);
    draw();
    this.body.push('</g>');
  }
  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`
    );
  }
}
