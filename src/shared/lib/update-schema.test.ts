import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { presentFields, updateSchemaOf, withoutDefaults } from './update-schema';

const page = z.object({
  title: z.string().trim().min(1, { message: 'Enter a title' }),
  excerpt: z.string().trim().max(5).default(''),
  page_type: z.string().min(1).default('standard'),
  is_published: z.boolean().default(false),
  sort_order: z.number().int().optional(),
});

describe('updateSchemaOf', () => {
  it('does what .partial() does not: an omitted field with a default stays absent', () => {
    // The bug of issue #24: zod's own partial keeps the defaults.
    expect(page.partial().parse({ title: 'SEO' })).toEqual({
      title: 'SEO',
      excerpt: '',
      page_type: 'standard',
      is_published: false,
    });
    const update = updateSchemaOf(page);
    expect(update.parse({ title: 'SEO' })).toEqual({ title: 'SEO' });
    expect(update.parse({})).toEqual({});
    expect(Object.keys(update.parse({}))).toEqual([]);
  });

  it('keeps every field and its rules', () => {
    const update = updateSchemaOf(page);
    expect(Object.keys(update.shape)).toEqual(Object.keys(page.shape));
    expect(update.parse({ excerpt: '  abc  ', is_published: true })).toEqual({ excerpt: 'abc', is_published: true });
    expect(update.safeParse({ excerpt: 'too long' }).success).toBe(false);
    const blank = update.safeParse({ title: ' ' });
    expect(blank.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Enter a title' });
    expect(update.safeParse({ is_published: 'yes' }).success).toBe(false);
  });

  it('parses a full body like the create schema', () => {
    const body = { title: ' T ', excerpt: 'e', page_type: 'cenote', is_published: true, sort_order: 4 };
    expect(updateSchemaOf(page).parse(body)).toEqual(page.parse(body));
  });

  it('strips prefault and catch, which would also fill an omitted field', () => {
    const schema = z.object({
      a: z.string().prefault('p'),
      b: z.number().catch(7),
      c: z.boolean().default(true).catch(false),
    });
    expect(schema.parse({})).toEqual({ a: 'p', b: 7, c: true });
    const update = updateSchemaOf(schema);
    expect(update.parse({})).toEqual({});
    // Without the catch, a bad value is refused instead of silently replaced.
    expect(update.safeParse({ b: 'x' }).success).toBe(false);
    expect(update.parse({ b: 3 })).toEqual({ b: 3 });
  });

  it('leaves an omitted field absent even when a transform or preprocess would invent a value for it', () => {
    const schema = z.object({
      description: z
        .string()
        .nullish()
        .transform((value) => value ?? ''),
      quality: z.preprocess((value) => (typeof value === 'number' ? value : 85), z.number()),
      title: z
        .string()
        .default('')
        .transform((value) => value || 'Welcome'),
    });
    expect(schema.parse({})).toEqual({ description: '', quality: 85, title: 'Welcome' });
    const update = updateSchemaOf(schema);
    expect(update.parse({})).toEqual({});
    // A value that is sent still goes through the same transforms.
    expect(update.parse({ description: null, quality: 'x', title: '' })).toEqual({
      description: '',
      quality: 85,
      title: 'Welcome',
    });
  });

  it('removes defaults deeply: nested keys, array items, record values, union options, lazy schemas', () => {
    const item = z.object({ label: z.string(), color: z.string().default('blue') });
    const schema = z.object({
      hours: z.object({ open: z.string().default('09:00'), close: z.string() }),
      items: z.array(item),
      labels: z.record(z.string(), z.string().default('x')),
      either: z.union([z.object({ kind: z.literal('a'), n: z.number().default(1) }), z.string()]),
      later: z.lazy(() => item),
    });
    const update = updateSchemaOf(schema);
    // A nested value is sent whole; a missing nested key is refused, never filled with a default.
    const nested = update.safeParse({ hours: { close: '17:00' } });
    expect(nested.error?.issues[0]?.path).toEqual(['hours', 'open']);
    expect(update.safeParse({ items: [{ label: 'x' }] }).error?.issues[0]?.path).toEqual(['items', 0, 'color']);
    expect(update.safeParse({ either: { kind: 'a' } }).success).toBe(false);
    expect(update.safeParse({ later: { label: 'x' } }).error?.issues[0]?.path).toEqual(['later', 'color']);
    expect(update.parse({ hours: { open: '08:00', close: '17:00' } })).toEqual({
      hours: { open: '08:00', close: '17:00' },
    });
    expect(update.parse({ labels: { a: 'b' } })).toEqual({ labels: { a: 'b' } });
    // The create schema is not changed by deriving from it.
    expect(schema.parse({ hours: { close: '1' }, items: [], labels: {}, either: 's', later: { label: 'l' } })).toEqual({
      hours: { open: '09:00', close: '1' },
      items: [],
      labels: {},
      either: 's',
      later: { label: 'l', color: 'blue' },
    });
  });

  it('keeps a refinement and the description that sat on a removed default', () => {
    const schema = z.object({
      name: z
        .string()
        .default('')
        .refine((value) => value !== 'admin', { message: 'That name is reserved' })
        .describe('The display name'),
    });
    const update = updateSchemaOf(schema);
    expect(update.safeParse({ name: 'admin' }).error?.issues[0]?.message).toBe('That name is reserved');
    expect(update.parse({ name: 'ana' })).toEqual({ name: 'ana' });
    const jsonSchema = z.toJSONSchema(update, { io: 'input' }) as {
      properties: Record<string, { description?: string; default?: unknown }>;
      required?: string[];
    };
    expect(jsonSchema.properties['name']?.description).toBe('The display name');
    expect(jsonSchema.properties['name']).not.toHaveProperty('default');
    expect(jsonSchema.required ?? []).toEqual([]);
  });

  it('returns schemas without defaults unchanged', () => {
    const plain = z.string().max(3).nullable();
    expect(withoutDefaults(plain)).toBe(plain);
  });

  it('refuses an object with cross-field refinements (they would see a partial object)', () => {
    const schema = z.object({ from: z.number(), to: z.number() }).refine((value) => value.from <= value.to);
    expect(() => updateSchemaOf(schema)).toThrow(/refinements/);
  });
});

describe('presentFields', () => {
  it('keeps what was sent (null, false and empty text too) and drops what was not', () => {
    expect(presentFields({ a: undefined, b: null, c: false, d: '', e: 0, f: 'x' })).toEqual({
      b: null,
      c: false,
      d: '',
      e: 0,
      f: 'x',
    });
  });
});
