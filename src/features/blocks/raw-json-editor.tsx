import { useState } from 'react';
import { inputClass } from '../../shared/ui/field';
import { formatJson, parseJsonObject } from './raw-json';

export interface RawJsonEditorProps {
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  idPrefix: string;
  label?: string;
}

/**
 * Block data as JSON, for block types without a form. Every edit is parsed; while the text is
 * not a valid JSON object the parser's message is shown and nothing is passed on (decision 17),
 * so the last valid data is what gets saved.
 */
export function RawJsonEditor({ value, onChange, idPrefix, label = 'Block data (JSON)' }: RawJsonEditorProps) {
  const [text, setText] = useState(() => formatJson(value));
  // The value the text currently stands for; a different value from outside replaces the text.
  const [shown, setShown] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  if (value !== shown) {
    setShown(value);
    setText(formatJson(value));
    setProblem(null);
  }

  const id = `${idPrefix}-json`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        rows={Math.min(24, Math.max(6, text.split('\n').length + 1))}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const parsed = parseJsonObject(next);
          if (parsed.ok) {
            setProblem(null);
            setShown(parsed.value);
            onChange(parsed.value);
          } else {
            setProblem(parsed.error);
          }
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        className={`${inputClass} font-mono text-xs leading-relaxed`}
      />
      <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
        Changes apply while the text is a valid JSON object.
      </p>
      {problem ? (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {problem} Your last valid data is kept until this is fixed.
        </p>
      ) : null}
    </div>
  );
}
