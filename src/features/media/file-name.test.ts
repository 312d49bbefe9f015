import { describe, expect, it } from 'vitest';
import { cleanFilename, maxFilenameLength } from './file-name';

describe('cleanFilename', () => {
  it.each([
    ['a right-to-left override (shown as "png.exe.png")', '\u202Egnp.exe.png', 'gnp.exe.png'],
    [
      'every bidirectional embedding, override and mark',
      'a\u202Ab\u202Bc\u202Cd\u202De\u200Ef\u200Fg\u061Ch.jpg',
      'abcdefgh.jpg',
    ],
    ['bidirectional isolates', '\u2066report\u2069\u2067.pdf\u2068.png', 'report.pdf.png'],
    ['zero-width characters and a byte-order mark', '\uFEFFze\u200Bro\u200C\u200Dwidth\u2060.jpg', 'zerowidth.jpg'],
    ['soft hyphens and tag characters', 'dive\u00ADlog\u{E0041}.jpg', 'divelog.jpg'],
    ['C0 and C1 controls and DEL', 'a\u0000b\u0007c\td\u001Fe\u007Ff\u0085g\u009Fh.jpg', 'abcdefgh.jpg'],
    ['line and paragraph separators', 'one\u2028two\u2029three.jpg', 'onetwothree.jpg'],
    ['an unpaired surrogate', 'broken\uD800.jpg', 'broken.jpg'],
  ])('removes %s', (_what, name, cleaned) => {
    expect(cleanFilename(name)).toBe(cleaned);
  });

  it('keeps letters, accents, spaces, punctuation and emoji of every script', () => {
    for (const name of ['Cenote Azul – día 2.jpg', 'سينوت.png', 'セノーテ 1.webp', 'Ik Kil 🐠.jpg', 'a_b-c (1).gif']) {
      expect(cleanFilename(name)).toBe(name);
    }
  });

  it('keeps only the base name, in NFC', () => {
    expect(cleanFilename('C:\\Users\\ana\\Pictures\\dos-ojos.jpg')).toBe('dos-ojos.jpg');
    expect(cleanFilename('/home/ana/a/b/ik-kil.png')).toBe('ik-kil.png');
    // "e" + combining acute (as macOS sends it) is stored as the single character é.
    expect(cleanFilename('cafe\u0301.jpg')).toBe('caf\u00E9.jpg');
  });

  it('trims, and names an empty or invisible-only name "image"', () => {
    expect(cleanFilename('  \u202E spaced.jpg \u200B ')).toBe('spaced.jpg');
    for (const name of ['', '   ', '\u202E\u200B\uFEFF', 'folder/', '\u0000'])
      expect(cleanFilename(name)).toBe('image');
  });

  it('keeps at most 255 characters, never splitting one in two', () => {
    expect(cleanFilename(`${'a'.repeat(300)}.jpg`)).toBe('a'.repeat(maxFilenameLength));
    const fish = cleanFilename('🐠'.repeat(300));
    expect([...fish]).toHaveLength(maxFilenameLength);
    expect(fish).toBe('🐠'.repeat(maxFilenameLength));
  });
});
