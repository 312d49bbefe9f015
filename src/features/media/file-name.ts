/** The longest stored file name, in characters (code points). */
export const maxFilenameLength = 255;

/**
 * Characters a file name never keeps: controls (Cc: C0, DEL, C1), format characters (Cf: the
 * bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069, U+061C, zero-width
 * characters U+200B–U+200F, U+2060, U+FEFF, soft hyphen, tag characters, ...), line and
 * paragraph separators, and unpaired surrogates. A right-to-left override makes
 * "\u202Egnp.exe.png" read as "png.exe.png" in the media library; without it the name shows
 * as the bytes really are.
 */
const invisibleOrControl = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu;

/**
 * A display name for an upload: the base name the browser sent (after the last / or \),
 * in NFC, without invisible or control characters, trimmed, at most 255 characters;
 * 'image' when nothing is left. Only ever shown and searched: stored files use generated keys.
 */
export function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(invisibleOrControl, '').trim();
  const clipped = [...base].slice(0, maxFilenameLength).join('').trim();
  return clipped || 'image';
}
