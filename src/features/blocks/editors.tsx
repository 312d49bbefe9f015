import { useMemo, type ComponentType } from 'react';
import { CardsEditor } from './cards/editor';
import { CtaEditor } from './cta/editor';
import type { BlockEditorProps } from './editor-types';
import { FactsEditor } from './facts/editor';
import { FeaturesEditor } from './features/editor';
import { GalleryEditor } from './gallery/editor';
import { HeroEditor } from './hero/editor';
import { QuoteEditor } from './quote/editor';
import { RawJsonEditor } from './raw-json-editor';
import { blockDefinitions, isKnownBlockType, upgradeStoredBlockData, type BlockType } from './registry';
import { TextEditor } from './text/editor';

/** One editor per block type; a type without one fails the typecheck. */
export const blockEditors: { [T in BlockType]: ComponentType<BlockEditorProps<T>> } = {
  hero: HeroEditor,
  text: TextEditor,
  gallery: GalleryEditor,
  cards: CardsEditor,
  cta: CtaEditor,
  features: FeaturesEditor,
  facts: FactsEditor,
  quote: QuoteEditor,
} satisfies Record<BlockType, unknown>;

export type PreparedBlockData =
  | { kind: 'typed'; type: BlockType; data: Record<string, unknown> }
  | { kind: 'mismatch'; type: BlockType; issues: string[] }
  | { kind: 'unknown' };

/**
 * What the editor for `type` gets. Stored data is parsed with the type's schema so the form
 * gets every field; data the form itself produced (`fromEditor`) is passed through as is, so
 * half-typed input is not trimmed or replaced by defaults while the user types, and a field
 * that is invalid for now (an empty card title) does not throw the user out of the form.
 */
export function prepareBlockData(type: string, value: unknown, fromEditor = false): PreparedBlockData {
  if (!isKnownBlockType(type)) return { kind: 'unknown' };
  if (fromEditor) return { kind: 'typed', type, data: value as Record<string, unknown> };
  const parsed = blockDefinitions[type].schema.safeParse(upgradeStoredBlockData(type, value));
  if (parsed.success) return { kind: 'typed', type, data: parsed.data };
  return {
    kind: 'mismatch',
    type,
    issues: parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    ),
  };
}

/** The objects the typed editors produced, with the block type they were produced for. */
const editorOutput = new WeakMap<object, string>();

export interface BlockDataEditorProps {
  type: string;
  /**
   * The block's data. Pass back the object `onChange` gave you, unchanged (not a copy): that is
   * how the form knows the data is its own and skips re-parsing it.
   */
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /** Field errors from the server, keyed by path inside block_data ("cards.2.title"). */
  errors: Record<string, string>;
  /** Prefix for element ids, unique per block on the screen. */
  idPrefix: string;
}

/**
 * The form for one block's data: the typed editor of a known type, or raw JSON for an unknown
 * type and for stored data that does not fit its type's fields.
 */
export function BlockDataEditor({ type, value, onChange, errors, idPrefix }: BlockDataEditorProps) {
  const prepared = useMemo(() => prepareBlockData(type, value, editorOutput.get(value) === type), [type, value]);

  if (prepared.kind === 'typed') {
    const Editor = blockEditors[prepared.type] as unknown as ComponentType<BlockEditorProps<BlockType>>;
    return (
      <Editor
        value={prepared.data as BlockEditorProps<BlockType>['value']}
        onChange={(next) => {
          editorOutput.set(next, type);
          onChange(next);
        }}
        errors={errors}
        idPrefix={idPrefix}
      />
    );
  }

  return (
    <div className="grid gap-3">
      {prepared.kind === 'mismatch' ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">
            This block’s data does not fit the {blockDefinitions[prepared.type].label} form, so it is shown as JSON.
          </p>
          <p className="mt-1">Fix these problems and the form comes back:</p>
          <ul className="mt-1 list-disc pl-5 font-mono text-xs">
            {prepared.issues.map((issue, index) => (
              <li key={index}>{issue}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          “{type}” is not a block type this editor knows, so its data is edited as JSON. Visitors do not see blocks of
          unknown types.
        </p>
      )}
      <RawJsonEditor value={value} onChange={onChange} idPrefix={idPrefix} />
      <ServerErrors errors={errors} />
    </div>
  );
}

/** Without form fields to put them under, the server's field errors are listed by path. */
function ServerErrors({ errors }: { errors: Record<string, string> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <ul className="list-disc pl-5 text-xs font-medium text-red-700 dark:text-red-400">
      {entries.map(([path, message]) => (
        <li key={path}>
          {path ? <code className="font-mono">{path}</code> : null}
          {path ? ': ' : null}
          {message}
        </li>
      ))}
    </ul>
  );
}
