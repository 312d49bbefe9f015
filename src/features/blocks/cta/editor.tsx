import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import {
  colorChoices,
  highlightBackgroundNames,
  highlightTextColorNames,
  sectionBackgroundNames,
} from '../color-names';
import type { BlockEditorProps } from '../editor-types';
import { LinkField } from '../link-field';
import { linkHint } from '../link-hint';
import { blankHint } from '../blank-hint';
import { ctaBackgrounds, ctaBlock, highlightBackgrounds, highlightTextColors, type CtaData } from './block';

const backgroundChoices = colorChoices(ctaBackgrounds, sectionBackgroundNames);
const highlightBackgroundChoices = colorChoices(highlightBackgrounds, highlightBackgroundNames);
// A text colour's sample is a square of that colour (spelled out so Tailwind generates the classes).
const textColorSamples: Record<(typeof highlightTextColors)[number], string> = {
  'text-teal-900': 'bg-teal-900',
  'text-blue-900': 'bg-blue-900',
  'text-amber-900': 'bg-amber-900',
  'text-gray-900': 'bg-gray-900',
};
const highlightTextChoices = colorChoices(
  highlightTextColors,
  highlightTextColorNames,
  (value) => textColorSamples[value],
);

const groupClass = 'grid min-w-0 gap-3 rounded-lg border border-stone-200 p-3 dark:border-white/10';
const legendClass = 'px-1 text-sm font-semibold text-stone-800 dark:text-stone-200';

export function CtaEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'cta'>) {
  const set = <K extends keyof CtaData>(key: K, next: CtaData[K]) => onChange({ ...value, [key]: next });
  const setHighlight = (patch: Partial<CtaData['highlightBox']>) =>
    set('highlightBox', { ...value.highlightBox, ...patch });
  const setButton = (patch: Partial<CtaData['ctaButton']>) => set('ctaButton', { ...value.ctaButton, ...patch });
  return (
    <div className="grid gap-4">
      <TextField
        id={`${idPrefix}-heading`}
        label="Heading"
        value={value.heading}
        maxLength={200}
        onChange={(event) => set('heading', event.target.value)}
        error={errors['heading']}
        hint={blankHint(ctaBlock.defaults.heading)}
      />
      <TextAreaField
        id={`${idPrefix}-content`}
        label="Text"
        rows={3}
        value={value.content}
        maxLength={4000}
        onChange={(event) => set('content', event.target.value)}
        error={errors['content']}
      />
      <ChoiceField
        legend="Background"
        idPrefix={`${idPrefix}-backgroundColor`}
        value={value.backgroundColor}
        options={backgroundChoices}
        onChange={(backgroundColor) => set('backgroundColor', backgroundColor)}
        error={errors['backgroundColor']}
      />

      <fieldset className={groupClass}>
        <legend className={legendClass}>Highlight box</legend>
        <TextAreaField
          id={`${idPrefix}-highlightBox-text`}
          label="Highlight text"
          rows={2}
          value={value.highlightBox.text}
          maxLength={600}
          onChange={(event) => setHighlight({ text: event.target.value })}
          error={errors['highlightBox.text'] ?? errors['highlightBox']}
          hint="Shown in a coloured box under the text; left empty, there is no box."
        />
        <ChoiceField
          legend="Box colour"
          idPrefix={`${idPrefix}-highlightBox-bgColor`}
          value={value.highlightBox.bgColor}
          options={highlightBackgroundChoices}
          onChange={(bgColor) => setHighlight({ bgColor })}
          error={errors['highlightBox.bgColor']}
        />
        <ChoiceField
          legend="Text colour"
          idPrefix={`${idPrefix}-highlightBox-textColor`}
          value={value.highlightBox.textColor}
          options={highlightTextChoices}
          onChange={(textColor) => setHighlight({ textColor })}
          error={errors['highlightBox.textColor']}
        />
        {value.highlightBox.text.trim() ? (
          <div>
            <p className="mb-1 text-xs font-medium text-stone-500 dark:text-stone-400">Box preview</p>
            <p
              className={`rounded-xl px-4 py-3 text-sm font-medium ${value.highlightBox.bgColor} ${value.highlightBox.textColor}`}
            >
              {value.highlightBox.text}
            </p>
          </div>
        ) : null}
      </fieldset>

      <fieldset className={`${groupClass} sm:grid-cols-2`}>
        <legend className={legendClass}>Button</legend>
        <TextField
          id={`${idPrefix}-ctaButton-text`}
          label="Button text"
          value={value.ctaButton.text}
          maxLength={80}
          onChange={(event) => setButton({ text: event.target.value })}
          error={errors['ctaButton.text'] ?? errors['ctaButton']}
          hint="The button shows when it has both a text and a link."
        />
        <LinkField
          id={`${idPrefix}-ctaButton-link`}
          label="Button link"
          value={value.ctaButton.link}
          placeholder="/contact"
          onChange={(link) => setButton({ link })}
          error={errors['ctaButton.link']}
          hint={linkHint}
        />
      </fieldset>
    </div>
  );
}
