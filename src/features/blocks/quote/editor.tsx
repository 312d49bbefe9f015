import { TextAreaField, TextField } from '../../../shared/ui/field';
import { blankHint } from '../blank-hint';
import type { BlockEditorProps } from '../editor-types';
import { defaultQuoteAuthor } from './block';

export function QuoteEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'quote'>) {
  return (
    <div className="grid gap-4">
      <TextAreaField
        id={`${idPrefix}-quote`}
        label="Quote"
        rows={3}
        value={value.quote}
        maxLength={2000}
        onChange={(event) => onChange({ ...value, quote: event.target.value })}
        error={errors['quote']}
        hint="Without quotation marks: the page adds them. Left blank, a Maya saying about cenotes is used."
      />
      <TextField
        id={`${idPrefix}-author`}
        label="Author"
        value={value.author}
        maxLength={200}
        onChange={(event) => onChange({ ...value, author: event.target.value })}
        error={errors['author']}
        hint={blankHint(defaultQuoteAuthor)}
      />
    </div>
  );
}
