import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateBlockData } from '../blocks.service.server';
import { factIconForLabel, factsSchema } from '../facts/block';
import { featuresFromStored, featureSchema } from '../features/block';
import { upgradeStoredBlockData } from '../registry';
import { blockIconComponents } from './block-icon';
import { matchIcons } from './icon-search';
import {
  blockIconNames,
  blockIconSchema,
  blockIcons,
  fallbackBlockIcon,
  isBlockIconName,
  knownIconName,
  legacyEmojiIcons,
  storedIconName,
} from './icon-set';

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');

describe('the icon set', () => {
  it('has 30 to 45 icons, each with a unique name, a label and a component', () => {
    expect(blockIcons.length).toBeGreaterThanOrEqual(30);
    expect(blockIcons.length).toBeLessThanOrEqual(45);
    expect(new Set(blockIconNames).size).toBe(blockIcons.length);
    expect(new Set(blockIcons.map((icon) => icon.label)).size).toBe(blockIcons.length);
    expect(Object.keys(blockIconComponents).sort()).toEqual([...blockIconNames].sort());
    for (const name of blockIconNames) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('maps every legacy emoji to an icon of the set', () => {
    for (const [emoji, name] of Object.entries(legacyEmojiIcons)) {
      expect(isBlockIconName(name), `${emoji} → ${name}`).toBe(true);
      expect(emoji, 'stored without variation selectors').not.toMatch(/[\uFE0E\uFE0F]/);
    }
  });

  it('reads names, emoji with or without U+FE0F, and falls back for anything else', () => {
    expect(knownIconName(' lightbulb ')).toBe('lightbulb');
    expect(knownIconName('☀️')).toBe('sun');
    expect(knownIconName('☀')).toBe('sun');
    expect(knownIconName('🏛️')).toBe('landmark');
    expect(knownIconName('🎉')).toBeUndefined();
    expect(storedIconName('🎉')).toBe(fallbackBlockIcon);
    expect(storedIconName('not-an-icon')).toBe(fallbackBlockIcon);
    expect(storedIconName('')).toBe('');
    expect(storedIconName(undefined)).toBe('');
    expect(storedIconName(42)).toBe('');
  });

  it('finds icons by label, name and keyword as the editor types', () => {
    expect(matchIcons('').length).toBe(blockIcons.length);
    expect(matchIcons('torch').map((icon) => icon.name)).toEqual(['flashlight']);
    expect(matchIcons('dep').map((icon) => icon.name)).toContain('waves-arrow-down');
    expect(matchIcons('MAP PIN').map((icon) => icon.name)).toEqual(['map-pin']);
    expect(matchIcons('fish').map((icon) => icon.name)).toContain('fish');
    expect(matchIcons('zzz')).toEqual([]);
  });
});

describe('the icon field', () => {
  it('takes names and "" for none', () => {
    expect(blockIconSchema.parse('map-pin')).toBe('map-pin');
    expect(blockIconSchema.parse('')).toBe('');
    expect(blockIconSchema.parse(undefined)).toBe('');
  });

  it('translates a known emoji from an old API client to its name', () => {
    expect(featureSchema.parse({ icon: '🤿', title: 'Snorkel' }).icon).toBe('waves-ladder');
    expect(featureSchema.parse({ icon: '⚠️', title: 'Careful' }).icon).toBe('triangle-alert');
  });

  it('refuses anything else with a sentence that names the value', () => {
    const result = featureSchema.safeParse({ icon: '🎉', title: 'Party' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['icon']);
    expect(result.error?.issues[0]?.message).toMatch(/Choose one of the icons by name .*"🎉" is not one/);
    expect(featureSchema.safeParse({ icon: 7, title: 'Seven' }).success).toBe(false);
  });

  it('is refused as a 400 that names the field inside block_data', () => {
    const attempt = () =>
      validateBlockData('features', {
        features: [
          { icon: 'fish', title: 'Fish' },
          { icon: 'rocket', title: 'Up' },
        ],
      });
    expect(attempt).toThrow(/block_data\.features\.1\.icon: Choose one of the icons/);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, field: 'block_data.features.1.icon' });
    }
    expect(validateBlockData('facts', { facts: [{ icon: '🌡️', label: 'Water', value: '25 °C' }] })).toEqual({
      title: 'At a glance',
      description: '',
      facts: [{ icon: 'thermometer', label: 'Water', value: '25 °C' }],
    });
  });
});

describe('stored data from before named icons', () => {
  it('shows every old emoji as an icon and keeps the rest of the data', () => {
    const stored = {
      title: 'Old',
      features: [
        { icon: '🤿', title: 'A' },
        { icon: '🎉', title: 'B' },
        { icon: '', title: 'C' },
        { icon: 'fish', title: 'D' },
        'not an object',
      ],
    };
    expect(featuresFromStored(stored)).toEqual({
      title: 'Old',
      features: [
        { icon: 'waves-ladder', title: 'A' },
        { icon: 'sparkles', title: 'B' },
        { icon: '', title: 'C' },
        { icon: 'fish', title: 'D' },
        'not an object',
      ],
    });
    expect(upgradeStoredBlockData('features', stored)).toEqual(featuresFromStored(stored));
    expect(upgradeStoredBlockData('cards', stored)).toBe(stored);
    expect(upgradeStoredBlockData('unknown-type', stored)).toBe(stored);
    expect(featuresFromStored(null)).toBeNull();
  });
});

describe('the facts block', () => {
  it('gives the cenote facts their icons and anything else the fallback', () => {
    expect(
      ['Difficulty Level', 'Depth Range', 'Max depth', 'Water Temperature', 'Location', 'Visibility'].map(
        factIconForLabel,
      ),
    ).toEqual(['gauge', 'waves-arrow-down', 'waves-arrow-down', 'thermometer', 'map-pin', 'sparkles']);
  });

  it('needs a label and a value per fact, and falls back to the title "At a glance"', () => {
    expect(factsSchema.parse({}).title).toBe('At a glance');
    const missing = factsSchema.safeParse({ facts: [{ icon: 'gauge', label: ' ', value: '' }] });
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['facts.0.label', 'facts.0.value']);
  });
});

describe('the seed content and the data migration', () => {
  it('content/pages holds icon names only, never emoji', async () => {
    const dir = path.join(root, 'content', 'pages');
    for (const file of await readdir(dir)) {
      const page = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
        blocks: Array<{ type: string; data: Record<string, unknown> }>;
      };
      for (const block of page.blocks) {
        const items = (block.data['features'] ?? block.data['facts'] ?? []) as Array<{ icon?: string }>;
        for (const item of items) expect(item.icon === '' || isBlockIconName(item.icon ?? ''), file).toBe(true);
      }
      expect(JSON.stringify(page), file).not.toMatch(/(?![©®™])\p{Extended_Pictographic}/u);
    }
  });

  it('migration 0006 holds the same icon names and emoji pairs as the code', async () => {
    const migration = await readFile(path.join(root, 'db', 'migrations', '0006_named_icons_and_facts.sql'), 'utf8');
    const namesList = /WHEN btrim\(icon\) IN \(([^)]*)\)/.exec(migration)?.[1] ?? '';
    expect([...namesList.matchAll(/'([^']+)'/g)].map((match) => match[1])).toEqual(blockIconNames);
    const pairs = Object.fromEntries(
      [...migration.matchAll(/\('([^']+)', '([a-z0-9-]+)'\)/gu)].map((match) => [match[1], match[2]]),
    );
    expect(pairs).toEqual(legacyEmojiIcons);
  });
});
