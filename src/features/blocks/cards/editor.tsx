import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { TagsInput } from '../../../shared/ui/tags-input';
import type { BlockEditorProps } from '../editor-types';
import { errorsUnder, type FieldErrors } from '../field-errors';
import { ImageField, Thumbnail } from '../image-field';
import { LinkField } from '../link-field';
import { linkHint } from '../link-hint';
import { ListField } from '../list-field';
import { SectionIntroFields } from '../section-intro-fields';
import { cardsBlock, type Card, type CardsData } from './block';

const columnChoices = [
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
] as const;

/** The levels used across the seeded cenote pages, offered as suggestions (any text is allowed). */
const difficultySuggestions = ['Beginner', 'Intermediate', 'Advanced'];

export const maxHighlights = 8;
export const maxHighlightLength = 40;

const newCard = (): Card => ({
  title: '',
  description: '',
  image: '',
  link: '',
  difficulty: '',
  depth: '',
  highlights: [],
});

/** One message for the highlights: the list's own error, else the first tag's ("Highlight 2: ..."). */
function highlightsError(errors: FieldErrors): string | undefined {
  const under = errorsUnder(errors, 'highlights');
  if (under['']) return under[''];
  const first = Object.entries(under)[0];
  if (!first) return undefined;
  const index = Number.parseInt(first[0], 10);
  return Number.isNaN(index) ? first[1] : `Highlight ${index + 1}: ${first[1]}`;
}

export function CardsEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'cards'>) {
  const set = <K extends keyof CardsData>(key: K, next: CardsData[K]) => onChange({ ...value, [key]: next });
  const suggestionsId = `${idPrefix}-difficulties`;
  return (
    <div className="grid gap-4">
      <SectionIntroFields
        idPrefix={idPrefix}
        errors={errors}
        title={value.title}
        titleDefault={cardsBlock.defaults.title}
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
      <datalist id={suggestionsId}>
        {difficultySuggestions.map((level) => (
          <option key={level} value={level} />
        ))}
      </datalist>
      <ListField
        idPrefix={`${idPrefix}-cards`}
        label="Cards"
        itemNoun="card"
        items={value.cards}
        onChange={(cards) => set('cards', cards)}
        createItem={newCard}
        max={48}
        errors={errorsUnder(errors, 'cards')}
        getItemTitle={(card) => card.title}
        renderPreview={(card) => (card.image.trim() ? <Thumbnail url={card.image} /> : null)}
        renderItem={(card, item) => (
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              className="sm:col-span-2"
              id={`${item.idPrefix}-title`}
              label="Title"
              value={card.title}
              maxLength={200}
              aria-required="true"
              onChange={(event) => item.update({ title: event.target.value })}
              error={item.errors['title']}
            />
            <TextAreaField
              className="sm:col-span-2"
              id={`${item.idPrefix}-description`}
              label="Description"
              rows={2}
              value={card.description}
              maxLength={2000}
              onChange={(event) => item.update({ description: event.target.value })}
              error={item.errors['description']}
            />
            <div className="sm:col-span-2">
              <ImageField
                label="Image"
                idPrefix={`${item.idPrefix}-image`}
                value={card.image}
                onChange={(image) => item.update({ image })}
                error={item.errors['image']}
              />
            </div>
            <LinkField
              className="sm:col-span-2"
              id={`${item.idPrefix}-link`}
              label="Link"
              value={card.link}
              placeholder="/cenote-dos-ojos"
              onChange={(link) => item.update({ link })}
              error={item.errors['link']}
              hint={linkHint}
            />
            <TextField
              id={`${item.idPrefix}-difficulty`}
              label="Difficulty"
              value={card.difficulty}
              maxLength={60}
              list={suggestionsId}
              onChange={(event) => item.update({ difficulty: event.target.value })}
              error={item.errors['difficulty']}
            />
            <TextField
              id={`${item.idPrefix}-depth`}
              label="Max depth"
              value={card.depth}
              maxLength={60}
              placeholder="5-10 m"
              onChange={(event) => item.update({ depth: event.target.value })}
              error={item.errors['depth']}
              hint="Shown only together with a difficulty."
            />
            <div className="sm:col-span-2">
              <TagsInput
                id={`${item.idPrefix}-highlights`}
                label="Highlights"
                noun="highlight"
                max={maxHighlights}
                maxLength={maxHighlightLength}
                value={card.highlights}
                onChange={(highlights) => item.update({ highlights })}
                error={highlightsError(item.errors)}
              />
            </div>
          </div>
        )}
      />
    </div>
  );
}
