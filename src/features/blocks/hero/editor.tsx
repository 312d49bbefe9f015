import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import type { BlockEditorProps } from '../editor-types';
import { ImageField } from '../image-field';
import { LinkField } from '../link-field';
import { linkHint } from '../link-hint';
import { blankHint } from '../blank-hint';
import { heroBlock, type HeroData } from './block';

const overlays = [
  { value: 'dark', label: 'Dark (light text)' },
  { value: 'light', label: 'Light (dark text)' },
] as const;

export function HeroEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'hero'>) {
  const set = <K extends keyof HeroData>(key: K, next: HeroData[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        className="sm:col-span-2"
        id={`${idPrefix}-title`}
        label="Title"
        value={value.title}
        maxLength={200}
        onChange={(event) => set('title', event.target.value)}
        error={errors['title']}
        hint={blankHint(heroBlock.defaults.title)}
      />
      <TextAreaField
        className="sm:col-span-2"
        id={`${idPrefix}-subtitle`}
        label="Subtitle"
        rows={2}
        value={value.subtitle}
        maxLength={600}
        onChange={(event) => set('subtitle', event.target.value)}
        error={errors['subtitle']}
      />
      <TextField
        id={`${idPrefix}-ctaText`}
        label="Button text"
        value={value.ctaText}
        maxLength={80}
        onChange={(event) => set('ctaText', event.target.value)}
        error={errors['ctaText']}
        hint="The button shows when it has both a text and a link."
      />
      <LinkField
        id={`${idPrefix}-ctaLink`}
        label="Button link"
        value={value.ctaLink}
        placeholder="/introduction-to-cenote-diving"
        onChange={(ctaLink) => set('ctaLink', ctaLink)}
        error={errors['ctaLink']}
        hint={linkHint}
      />
      <ChoiceField
        className="sm:col-span-2"
        legend="Overlay"
        idPrefix={`${idPrefix}-overlay`}
        value={value.overlay}
        options={overlays}
        onChange={(overlay) => set('overlay', overlay)}
        error={errors['overlay']}
        hint="Darkens or lightens the background image so the text stays readable."
      />
      <div className="sm:col-span-2">
        <ImageField
          label="Background image"
          idPrefix={`${idPrefix}-backgroundImage`}
          value={value.backgroundImage}
          onChange={(url) => set('backgroundImage', url)}
          error={errors['backgroundImage']}
        />
      </div>
    </div>
  );
}
