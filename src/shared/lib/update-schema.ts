import { z } from 'zod';

/*
 * Decision 45: a partial update changes only the fields it names. Zod's own `.partial()` keeps
 * every `.default()` (an omitted `is_published` would come back as `false` and unpublish the
 * page), so update schemas are derived here instead: every field optional, and no default,
 * prefault or catch left anywhere inside it. An omitted field parses to "absent", and the
 * service writes only the keys that are present (`presentFields`).
 */

type AnySchema = z.ZodType;

const stripped = new WeakMap<AnySchema, AnySchema>();

/** A copy of `schema` with a new definition; its description and other metadata carry over. */
function rebuilt(schema: AnySchema, changes: Record<string, unknown>): AnySchema {
  return schema.clone(z.core.util.mergeDefs(schema.def, changes) as typeof schema.def, { parent: true });
}

/** The checks and metadata a removed wrapper carried move onto what it wrapped. */
function carryOver(wrapper: AnySchema, inner: AnySchema): AnySchema {
  let result = inner;
  const checks = (wrapper.def.checks ?? []) as z.core.$ZodCheck<unknown>[];
  if (checks.length > 0) result = result.check(...checks);
  const { id: _id, ...meta } = z.globalRegistry.get(wrapper) ?? {};
  if (Object.keys(meta).length > 0) result = result.meta({ ...z.globalRegistry.get(inner), ...meta });
  return result;
}

/**
 * `schema` with every default, prefault and catch removed, at any depth (wrappers, pipes, object
 * keys, array items, record values, union options, lazy schemas). Nothing of it fills a value in
 * for one that was not sent. Parts that had no default are returned as they were.
 */
export function withoutDefaults<S extends AnySchema>(schema: S): AnySchema {
  const known = stripped.get(schema);
  if (known) return known;
  const result = strip(schema);
  stripped.set(schema, result);
  return result;
}

function strip(schema: AnySchema): AnySchema {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'default':
    case 'prefault':
    case 'catch':
      return carryOver(schema, withoutDefaults(def['innerType'] as AnySchema));
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'promise': {
      const inner = def['innerType'] as AnySchema;
      const next = withoutDefaults(inner);
      return next === inner ? schema : rebuilt(schema, { innerType: next });
    }
    case 'pipe': {
      const input = def['in'] as AnySchema;
      const output = def['out'] as AnySchema;
      const nextIn = withoutDefaults(input);
      const nextOut = withoutDefaults(output);
      return nextIn === input && nextOut === output ? schema : rebuilt(schema, { in: nextIn, out: nextOut });
    }
    case 'object': {
      const shape = def['shape'] as Record<string, AnySchema>;
      const catchall = def['catchall'] as AnySchema | undefined;
      let changed = false;
      const nextShape: Record<string, AnySchema> = {};
      for (const [key, field] of Object.entries(shape)) {
        nextShape[key] = withoutDefaults(field);
        if (nextShape[key] !== field) changed = true;
      }
      const nextCatchall = catchall ? withoutDefaults(catchall) : undefined;
      if (nextCatchall !== catchall) changed = true;
      return changed ? rebuilt(schema, { shape: nextShape, catchall: nextCatchall }) : schema;
    }
    case 'array': {
      const element = def['element'] as AnySchema;
      const next = withoutDefaults(element);
      return next === element ? schema : rebuilt(schema, { element: next });
    }
    case 'record': {
      const value = def['valueType'] as AnySchema;
      const next = withoutDefaults(value);
      return next === value ? schema : rebuilt(schema, { valueType: next });
    }
    case 'union': {
      const options = def['options'] as AnySchema[];
      const next = options.map((option) => withoutDefaults(option));
      return next.every((option, index) => option === options[index]) ? schema : rebuilt(schema, { options: next });
    }
    case 'intersection': {
      const left = def['left'] as AnySchema;
      const right = def['right'] as AnySchema;
      const nextLeft = withoutDefaults(left);
      const nextRight = withoutDefaults(right);
      return nextLeft === left && nextRight === right ? schema : rebuilt(schema, { left: nextLeft, right: nextRight });
    }
    case 'tuple': {
      const items = def['items'] as AnySchema[];
      const rest = def['rest'] as AnySchema | null;
      const nextItems = items.map((item) => withoutDefaults(item));
      const nextRest = rest ? withoutDefaults(rest) : rest;
      const same = nextRest === rest && nextItems.every((item, index) => item === items[index]);
      return same ? schema : rebuilt(schema, { items: nextItems, rest: nextRest });
    }
    case 'lazy': {
      // Resolved when parsed, so a recursive schema does not recurse here.
      const getter = def['getter'] as () => AnySchema;
      return rebuilt(schema, { getter: () => withoutDefaults(getter()) });
    }
    default:
      return schema;
  }
}

/** The shape of an update schema: each field optional, typed as the create schema's field. */
export type UpdateShape<Shape extends z.ZodRawShape> = {
  [K in keyof Shape]: z.ZodOptional<z.ZodType<z.output<Shape[K]>, z.input<Shape[K]>>>;
};

/**
 * The update schema of a create schema: the same fields and rules, each one optional, with no
 * default anywhere (see `withoutDefaults`). Use `.extend({ version })` for optimistic concurrency.
 * Cross-field refinements on the object are refused: they would see a partial object, so a
 * service has to check them on the merged row instead.
 */
export function updateSchemaOf<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  create: z.ZodObject<Shape, Config>,
): z.ZodObject<UpdateShape<Shape>, Config> {
  if ((create.def.checks ?? []).length > 0) {
    throw new Error('updateSchemaOf: the create schema has object-level refinements; check them on the merged row');
  }
  const shape: Record<string, AnySchema> = {};
  for (const [key, field] of Object.entries(create.shape)) {
    shape[key] = withoutDefaults(field as AnySchema).optional();
  }
  const catchall = create.def.catchall as AnySchema | undefined;
  return rebuilt(create, {
    shape,
    catchall: catchall ? withoutDefaults(catchall) : undefined,
  }) as unknown as z.ZodObject<UpdateShape<Shape>, Config>;
}

/** The fields of a parsed update that were sent: the ones to write. Absent fields stay as they are. */
export function presentFields<T extends Record<string, unknown>>(
  update: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
