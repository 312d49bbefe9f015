/** Validates content/ and prints every problem: `npm run content:check`. */
import path from 'node:path';
import { loadContent } from '../src/features/seed/content-loader.server';
import { auditContent } from '../src/features/seed/content-audit';
import { pageWordCount } from '../src/features/seed/content.schema';

const contentDir = path.resolve(import.meta.dirname, '..', 'content');
const { pages, images } = await loadContent(contentDir);
for (const page of pages)
  console.log(
    `${page.slug.padEnd(32)} ${String(pageWordCount(page)).padStart(5)} words  ${page.blocks.map((b) => b.type).join(', ')}`,
  );
const problems = auditContent(pages, images);
console.log(`\n${pages.length} pages, ${images.length} images, ${problems.length} problems`);
for (const problem of problems) console.log(`  - ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
