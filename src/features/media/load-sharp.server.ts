import type sharpModule from 'sharp';

export type SharpFactory = typeof sharpModule;

let sharpLoad: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded with the first image to encode: about 20 MB of resident memory that a
 * server only serving pages never needs (ADR 045).
 */
export function loadSharp(): Promise<SharpFactory> {
  return (sharpLoad ??= import('sharp').then((module) => module.default));
}
