/** What the SEO score looks at (decision 20: computed from alt text, caption and size). */
export interface ImageSeoInput {
  filename: string;
  alt_text: string | null;
  caption: string | null;
  width: number;
  file_size: number;
}

export interface ImageSeo {
  score: number;
  /** One sentence per missing point, in the order of their weight. */
  reasons: string[];
}

export const seoRules = {
  altMin: 5,
  altMax: 125,
  goodFileBytes: 500 * 1024,
  goodWidth: 1200,
} as const;

/** Points per criterion; they add up to 100. */
export const seoWeights = {
  altPresent: 30,
  altLength: 10,
  altNotFilename: 10,
  caption: 15,
  filename: 15,
  fileSize: 10,
  width: 10,
} as const;

const stemOf = (filename: string) =>
  filename
    .trim()
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .trim();

/** Comparable form of a name: lowercase words joined by single spaces. */
const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const cameraNames =
  /^(img|image|dsc[nf]?|dcim|pxl|gopr|gp|dji|mvimg|sam|p|pict?|photo|picture|pic|wp|vid|snapshot)[\s_-]*\d/i;
/** A generic word followed by nothing but numbers, dates, times and separators ("Screenshot 2024-01-05 at 10.00.00"). */
const genericNames =
  /^(image|img|photo|picture|pic|untitled|screenshot|screen[\s_-]?shot|scan|file|download|upload|new|copy|final|whatsapp[\s_-]image)(?:[\s_.:()-]|\d|at|copy)*$/i;

/**
 * A file name says what the image shows: not a camera or phone default (IMG_1234, DSC01234,
 * PXL_2024…), not a generic word (image, photo, screenshot), not random hex or a UUID, not only
 * digits and dates, and it has at least one word of three letters.
 */
export function isDescriptiveFilename(filename: string): boolean {
  const stem = stemOf(filename);
  if (!stem) return false;
  if (cameraNames.test(stem) || genericNames.test(stem)) return false;
  const compact = stem.replace(/[\s_-]/g, '');
  if (/^[0-9a-f]{8,}$/i.test(compact) && /\d/.test(compact)) return false;
  if (/^[\d\s_.:-]+$/.test(stem)) return false;
  return /[a-z]{3,}/i.test(stem.normalize('NFKD'));
}

const kilobytes = (bytes: number) => Math.round(bytes / 1024);

/** 0..100 with the reasons for every missing point. */
export function scoreImageSeo(image: ImageSeoInput): ImageSeo {
  let score = 0;
  const reasons: string[] = [];
  const alt = image.alt_text?.trim() ?? '';
  if (!alt) {
    reasons.push('Add alt text: it describes the image to screen readers and search engines.');
  } else {
    score += seoWeights.altPresent;
    if (alt.length >= seoRules.altMin && alt.length <= seoRules.altMax) score += seoWeights.altLength;
    else
      reasons.push(
        `Keep the alt text between ${seoRules.altMin} and ${seoRules.altMax} characters (it has ${alt.length}).`,
      );
    if (words(alt) !== words(stemOf(image.filename)) && words(alt) !== words(image.filename)) {
      score += seoWeights.altNotFilename;
    } else {
      reasons.push('The alt text repeats the file name; describe what the image shows instead.');
    }
  }
  if (image.caption?.trim()) score += seoWeights.caption;
  else reasons.push('Add a caption.');
  if (isDescriptiveFilename(image.filename)) score += seoWeights.filename;
  else
    reasons.push(
      `Use a descriptive file name (for example cenote-dos-ojos-cavern.jpg) instead of "${image.filename}".`,
    );
  if (image.file_size <= seoRules.goodFileBytes) score += seoWeights.fileSize;
  else reasons.push(`The file is ${kilobytes(image.file_size)} KB; 500 KB or less loads faster.`);
  if (image.width >= seoRules.goodWidth) score += seoWeights.width;
  else reasons.push(`The image is ${image.width} px wide; 1200 px or wider looks sharp in link previews.`);
  return { score, reasons };
}
