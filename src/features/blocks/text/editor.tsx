import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextField } from '../../../shared/ui/field';
import type { BlockEditorProps } from '../editor-types';
import { ImageField } from '../image-field';
import { blankHint } from '../blank-hint';
import { textBlock, type TextData } from './block';
import { RichTextEditor } from './rich-text-editor';

const positions = [
  { value: 'left', label: 'Left' },
  { value: 'right', label: 'Right' },
  { value: 'top', label: 'Top' },
  { value: 'bottom', label: 'Bottom' },
] as const;

export function TextEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'text'>) {
  const set = <K extends keyof TextData>(key: K, next: TextData[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-4">
      <TextField
        id={`${idPrefix}-heading`}
        label="Heading"
        value={value.heading}
        maxLength={200}
        onChange={(event) => set('heading', event.target.value)}
        error={errors['heading']}
        hint={blankHint(textBlock.defaults.heading)}
      />
      <RichTextEditor
        label="Content"
        idPrefix={`${idPrefix}-content`}
        value={value.content}
        onChange={(html) => set('content', html)}
        error={errors['content']}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImageField
          label="Image"
          idPrefix={`${idPrefix}-image`}
          value={value.image}
          onChange={(url) => set('image', url)}
          error={errors['image']}
        />
        <ChoiceField
          legend="Image position"
          idPrefix={`${idPrefix}-imagePosition`}
          value={value.imagePosition}
          options={positions}
          onChange={(position) => set('imagePosition', position)}
          error={errors['imagePosition']}
          hint={value.image ? 'Where the image sits next to the text.' : 'Used once the block has an image.'}
        />
      </div>
    </div>
  );
}
