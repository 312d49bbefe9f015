import { X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { addTags, splitTypedTags, type TagRules } from './tags';

interface TagsInputProps extends TagRules {
  /** The text input's id; the list and messages derive their ids from it. */
  id: string;
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** An error from the server for the whole list or one of its tags. */
  error?: string | undefined;
}

/**
 * Short tags edited as chips: type and press Enter or a comma to add (a pasted list with commas
 * adds them all), the × button removes one. Refused tags stay in the input with the reason.
 */
export function TagsInput({ id, label, value, onChange, error, max, maxLength, noun }: TagsInputProps) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const rules = { max, maxLength, noun };

  const commit = (input: string, typing = '') => {
    const result = addTags(value, input, rules);
    if (result.tags.length !== value.length) onChange(result.tags);
    setText([result.rest, typing].filter(Boolean).join(', '));
    setProblem(result.error);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Never submit a surrounding form from here.
      event.preventDefault();
      commit(text);
    }
  };

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    setProblem(null);
    inputRef.current?.focus();
  };

  const message = problem ?? error;
  const hintId = `${id}-hint`;
  const messageId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <div
        className={`flex flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs focus-within:border-lagoon-500 focus-within:ring-2 focus-within:ring-lagoon-200 dark:bg-abyss-900 dark:focus-within:ring-lagoon-800 ${
          message ? 'border-red-600' : 'border-stone-300 dark:border-white/15'
        }`}
      >
        {value.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5">
            {value.map((tag, index) => (
              <li
                key={`${tag}-${index}`}
                className="inline-flex items-center gap-0.5 rounded-full bg-lagoon-50 py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-lagoon-800 ring-1 ring-lagoon-200 dark:bg-lagoon-950 dark:text-lagoon-200 dark:ring-lagoon-800"
              >
                {tag}
                <button
                  type="button"
                  aria-label={`Remove ${noun} ${tag}`}
                  title={`Remove ${noun} ${tag}`}
                  onClick={() => remove(index)}
                  className="inline-flex size-5 items-center justify-center rounded-full text-lagoon-700 hover:bg-lagoon-100 hover:text-lagoon-950 dark:text-lagoon-300 dark:hover:bg-lagoon-900"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={id}
          type="text"
          value={text}
          onChange={(event) => {
            const { complete, typing } = splitTypedTags(event.target.value);
            if (complete.trim() === '') {
              setText(event.target.value.replace(/^\s*,/, ''));
              setProblem(null);
            } else {
              commit(complete, typing);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim() !== '') commit(text);
          }}
          placeholder={value.length >= max ? `At most ${max} ${noun}s` : `Add a ${noun}…`}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${hintId} ${messageId}` : hintId}
          className="min-w-32 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm text-stone-900 placeholder:text-stone-400 focus:outline-none dark:text-stone-100"
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
        Press Enter or type a comma to add. Up to {max}, {maxLength} characters each.
      </p>
      {message ? (
        <p id={messageId} role="alert" className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
