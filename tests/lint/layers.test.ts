import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// The project's own configuration, so the test fails if the rule is switched off there.
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `file` (relative to the project), with the real config. */
async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/import-direction').map((m) => m.message);
}

describe('the import-direction rule, on deliberately wrong imports', () => {
  it('stops a feature from importing the public site', async () => {
    const errors = await layerErrors(
      'src/features/pages/wrong.server.ts',
      "import { renderHeadTags } from '../../site/head';\nexport const x = renderHeadTags;\n",
    );
    expect(errors).toEqual([
      'features (src/features) must not import site (src/site): imports flow shared ← platform ← features ← site / admin ← server, cli.',
    ]);
  });

  it('stops a feature from importing the admin or the composition root', async () => {
    const errors = await layerErrors(
      'src/features/media/wrong.server.ts',
      [
        "import { AdminHeader } from '../../app/admin/admin-header';",
        "import { buildApp } from '../../server/app';",
        'export const x = [AdminHeader, buildApp];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^features \(src\/features\) must not import admin \(src\/app\)/);
    expect(errors[1]).toMatch(/^features \(src\/features\) must not import root \(src\/server or src\/cli\)/);
  });

  it('stops the platform from importing a feature, shared from importing the platform', async () => {
    expect(
      await layerErrors(
        'src/platform/db/wrong.server.ts',
        "import { pages } from '../../features/pages/pages.table';\nexport const x = pages;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/shared/lib/wrong.ts',
        "export { AppError } from '../../platform/http/app-error.server';\n",
      ),
    ).toHaveLength(1);
  });

  it('stops the site and the admin from importing each other', async () => {
    expect(
      await layerErrors(
        'src/site/components/wrong.tsx',
        "import { AdminHeader } from '../../app/admin/admin-header';\nexport const x = AdminHeader;\n",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/app/admin/wrong.tsx',
        "import { SiteLayout } from '../../site/components/site-layout';\nexport const x = SiteLayout;\n",
      ),
    ).toHaveLength(1);
  });

  it('sees dynamic imports and re-exports too', async () => {
    const errors = await layerErrors(
      'src/features/search/wrong.server.ts',
      "export * from '../../site/head';\nexport const load = () => import('../../server/main');\n",
    );
    expect(errors).toHaveLength(2);
  });
});

describe('the import-direction rule, on imports that follow the flow', () => {
  it('lets a feature import the platform, shared code and other features', async () => {
    const errors = await layerErrors(
      'src/features/pages/fine.server.ts',
      [
        "import { AppError } from '../../platform/http/app-error.server';",
        "import { pagePath } from '../../shared/lib/locale';",
        "import { searchPages } from '../search/search.service.server';",
        'export const x = [AppError, pagePath, searchPages];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets the composition root import every layer, and leaves files outside src alone', async () => {
    const errors = await layerErrors(
      'src/server/fine.ts',
      [
        "import { renderHeadTags } from '../site/head';",
        "import { AdminHeader } from '../app/admin/admin-header';",
        "import { pages } from '../features/pages/pages.table';",
        'export const x = [renderHeadTags, AdminHeader, pages];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
    expect(await layerErrors('tests/api/fine.test.ts', "export { buildApp } from '../../src/server/app';\n")).toEqual(
      [],
    );
  });
});
