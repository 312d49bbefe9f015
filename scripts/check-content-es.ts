// The content check for the Spanish pages under content/es (decision 44), run by `npm run content:check`
// after the English one: each translation has the English page's shape (block types, images, fact
// icons), links only to Spanish pages that exist, its own words (at least 90 % of the English count,
// and the same minimums: topic pages 400, cenote pages 300), the four Spanish fact labels and the
// exact depth figures. Usage: npx tsx scripts/check-content-es.ts [english-slug ...]
import { readFileSync, existsSync } from 'node:fs';
import { pageContentSchema, pageWordCount, seedImagePattern } from '../src/features/seed/content.schema';
import { cenoteSlugs, depthTable, legalSlugs, minimumWords, topicSlugs } from '../src/features/seed/content-rules';
import { internalLinks, imageReferences } from '../src/features/seed/content-audit';

const slugs = JSON.parse(readFileSync('content/es/slugs.json', 'utf8')) as Record<string, string>;
const manifest = JSON.parse(readFileSync('content/images/manifest.json', 'utf8')) as Array<{ name: string }>;
const imageNames = new Set(manifest.map((image) => image.name));
const spanishPaths = new Set([
  '/es',
  '/es/buscar',
  ...Object.values(slugs).map((slug) => (slug === 'home' ? '/es' : `/es/${slug}`)),
]);
const factLabels = ['Nivel de dificultad', 'Rango de profundidad', 'Temperatura del agua', 'Ubicación'];
const spanishDepth: Record<string, string> = {
  ...depthTable,
  'cenote-el-pit': 'Más de 119 m de profundidad; límite recreativo 40 m',
};

function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}

const wanted = process.argv.slice(2);
let failures = 0;
for (const englishSlug of wanted.length ? wanted : Object.keys(slugs)) {
  const file = `content/es/pages/${englishSlug}.json`;
  const problems: string[] = [];
  if (!existsSync(file)) {
    console.log(`${englishSlug}: not written yet`);
    failures++;
    continue;
  }
  const english = JSON.parse(readFileSync(`content/pages/${englishSlug}.json`, 'utf8'));
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`${englishSlug}: invalid JSON: ${(error as Error).message}`);
    failures++;
    continue;
  }
  const parsed = pageContentSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`schema ${issue.path.join('.')}: ${issue.message}`);
  } else {
    const page = parsed.data;
    if (page.slug !== slugs[englishSlug]) problems.push(`slug is ${page.slug}, the map says ${slugs[englishSlug]}`);
    if (page.page_type !== english.page_type) problems.push(`page_type differs from the English page`);
    if (page.sort_order !== english.sort_order) problems.push(`sort_order differs from the English page`);
    const types = page.blocks.map((b) => b.type).join(',');
    const englishTypes = english.blocks.map((b: { type: string }) => b.type).join(',');
    if (types !== englishTypes) problems.push(`block types ${types} differ from English ${englishTypes}`);
    page.blocks.forEach((block, index) => {
      const a = JSON.stringify(shape((raw as { blocks: Array<{ data: unknown }> }).blocks[index]?.data));
      const b = JSON.stringify(shape(english.blocks[index]?.data));
      if (a !== b)
        problems.push(`block ${index} (${block.type}) has different keys/array lengths than the English block`);
    });
    for (const link of internalLinks(page))
      if (!spanishPaths.has(link)) problems.push(`link ${link} is not a Spanish page path`);
    for (const ref of imageReferences(page)) {
      const match = seedImagePattern.exec(ref);
      if (!match || !imageNames.has(match[1] ?? '')) problems.push(`image ${ref} is not in the manifest`);
    }
    const englishImages = imageReferences(english).join(',');
    if (imageReferences(page).join(',') !== englishImages) problems.push('images differ from the English page');
    // The publish check's limit (decision 37): a longer title is cut off in search results.
    const searchTitle = page.meta_title ?? `${page.title} | Cenote Atlas`;
    if (searchTitle.length > 60)
      problems.push(`the title in search results is ${searchTitle.length} characters (max 60)`);
    const words = pageWordCount(page);
    const minimum = (topicSlugs as readonly string[]).includes(englishSlug)
      ? minimumWords.topic
      : (cenoteSlugs as readonly string[]).includes(englishSlug)
        ? minimumWords.cenote
        : (legalSlugs as readonly string[]).includes(englishSlug)
          ? minimumWords.legal
          : minimumWords.home;
    if (words < minimum) problems.push(`${words} words, needs at least ${minimum}`);
    const englishWords = pageWordCount(english);
    if (words < englishWords * 0.9)
      problems.push(`${words} words against ${englishWords} in English: something is missing`);
    if ((cenoteSlugs as readonly string[]).includes(englishSlug)) {
      const facts = page.blocks
        .filter((b) => b.type === 'facts')
        .flatMap((b) => (b.data['facts'] as Array<{ label: string; value: string }>) ?? []);
      for (const label of factLabels) if (!facts.some((f) => f.label === label)) problems.push(`no '${label}' fact`);
      const depth = facts.find((f) => f.label === 'Rango de profundidad');
      if (depth && depth.value !== spanishDepth[englishSlug])
        problems.push(`depth is '${depth.value}', must be '${spanishDepth[englishSlug]}'`);
    }
    if (problems.length) console.log(`${englishSlug}: ${words} words (English ${englishWords})`);
  }
  for (const problem of problems) console.log(`  - ${problem}`);
  if (problems.length) failures++;
}
const checked = wanted.length ? wanted.length : Object.keys(slugs).length;
console.log(
  failures
    ? `Spanish content: ${failures} of ${checked} pages have problems`
    : `Spanish content: ${checked} pages checked, all ok`,
);
process.exit(failures ? 1 : 0);
