import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import type { BlockEditorProps } from '../editor-types';
import { errorsUnder } from '../field-errors';
import { ImageField, Thumbnail } from '../image-field';
import { ListField } from '../list-field';
import { SectionIntroFields } from '../section-intro-fields';
import { galleryBlock, maxGalleryImages, type GalleryData, type GalleryImage } from './block';
import { GalleryImport } from './gallery-import';

const columnChoices = [
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
] as const;

const newImage = (): GalleryImage => ({ url: '', title: '', description: '' });

/** The name of an image without a title: its file name. */
function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return decodeURIComponentSafe(path.slice(path.lastIndexOf('/') + 1));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function GalleryEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'gallery'>) {
  const set = <K extends keyof GalleryData>(key: K, next: GalleryData[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-4">
      <SectionIntroFields
        idPrefix={idPrefix}
        errors={errors}
        title={value.title}
        titleDefault={galleryBlock.defaults.title}
        onTitleChange={(title) => set('title', title)}
        intro={value.description}
        introKey="description"
        introLabel="Description"
        introMaxLength={2000}
        onIntroChange={(text) => set('description', text)}
      />
      <ChoiceField
        legend="Columns"
        idPrefix={`${idPrefix}-columns`}
        value={value.columns}
        options={columnChoices}
        onChange={(columns) => set('columns', columns)}
        error={errors['columns']}
        hint="On large screens; small screens show fewer."
      />
      <GalleryImport
        idPrefix={`${idPrefix}-import`}
        count={value.images.length}
        onAdd={(urls) => set('images', [...value.images, ...urls.map((url) => ({ ...newImage(), url }))])}
      >
        {(addActions) => (
          <ListField
            idPrefix={`${idPrefix}-images`}
            label="Images"
            itemNoun="image"
            items={value.images}
            onChange={(images) => set('images', images)}
            createItem={newImage}
            max={maxGalleryImages}
            addActions={addActions}
            errors={errorsUnder(errors, 'images')}
            getItemTitle={(image) => image.title.trim() || fileNameOf(image.url.trim())}
            renderPreview={(image) => (image.url.trim() ? <Thumbnail url={image.url} /> : null)}
            renderItem={(image, item) => (
              <div className="grid gap-3">
                <ImageField
                  label="Image"
                  idPrefix={`${item.idPrefix}-url`}
                  value={image.url}
                  onChange={(url) => item.update({ url })}
                  error={item.errors['url']}
                />
                <TextField
                  id={`${item.idPrefix}-title`}
                  label="Title"
                  value={image.title}
                  maxLength={200}
                  onChange={(event) => item.update({ title: event.target.value })}
                  error={item.errors['title']}
                  hint="Shown under the image and in the viewer."
                />
                <TextAreaField
                  id={`${item.idPrefix}-description`}
                  label="Description"
                  rows={2}
                  value={image.description}
                  maxLength={1000}
                  onChange={(event) => item.update({ description: event.target.value })}
                  error={item.errors['description']}
                />
              </div>
            )}
          />
        )}
      </GalleryImport>
    </div>
  );
}
