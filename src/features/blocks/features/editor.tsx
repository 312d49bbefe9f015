import { ChoiceField } from '../../../shared/ui/choice-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { colorChoices, sectionBackgroundNames } from '../color-names';
import type { BlockEditorProps } from '../editor-types';
import { errorsUnder } from '../field-errors';
import { ListField } from '../list-field';
import { SectionIntroFields } from '../section-intro-fields';
import { BlockIcon } from '../icons/block-icon';
import { IconPicker } from '../icons/icon-picker';
import { featureBackgrounds, featuresBlock, type Feature, type FeaturesData } from './block';

const columnChoices = [
  { value: 2, label: '2' },
  { value: 3, label: '3' },
] as const;

const backgroundChoices = colorChoices(featureBackgrounds, sectionBackgroundNames);

const newFeature = (): Feature => ({ icon: '', title: '', description: '' });

export function FeaturesEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'features'>) {
  const set = <K extends keyof FeaturesData>(key: K, next: FeaturesData[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-4">
      <SectionIntroFields
        idPrefix={idPrefix}
        errors={errors}
        title={value.title}
        titleDefault={featuresBlock.defaults.title}
        onTitleChange={(title) => set('title', title)}
        intro={value.subtitle}
        introKey="subtitle"
        introLabel="Subtitle"
        introMaxLength={1000}
        onIntroChange={(text) => set('subtitle', text)}
      />
      <div className="flex flex-wrap gap-x-6 gap-y-4">
        <ChoiceField
          legend="Background"
          idPrefix={`${idPrefix}-backgroundColor`}
          value={value.backgroundColor}
          options={backgroundChoices}
          onChange={(backgroundColor) => set('backgroundColor', backgroundColor)}
          error={errors['backgroundColor']}
        />
        <ChoiceField
          legend="Columns"
          idPrefix={`${idPrefix}-columns`}
          value={value.columns}
          options={columnChoices}
          onChange={(columns) => set('columns', columns)}
          error={errors['columns']}
        />
      </div>
      <ListField
        idPrefix={`${idPrefix}-features`}
        label="Features"
        itemNoun="feature"
        items={value.features}
        onChange={(features) => set('features', features)}
        createItem={newFeature}
        max={24}
        errors={errorsUnder(errors, 'features')}
        getItemTitle={(feature) => feature.title}
        renderPreview={(feature) =>
          feature.icon ? (
            <BlockIcon icon={feature.icon} className="size-5 text-lagoon-700 dark:text-lagoon-300" />
          ) : null
        }
        renderItem={(feature, item) => (
          <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <IconPicker
              id={`${item.idPrefix}-icon`}
              name={`Icon of feature ${item.index + 1}`}
              value={feature.icon}
              onChange={(icon) => item.update({ icon })}
              error={item.errors['icon']}
            />
            <TextField
              id={`${item.idPrefix}-title`}
              label="Title"
              value={feature.title}
              maxLength={200}
              aria-required="true"
              data-autofocus
              onChange={(event) => item.update({ title: event.target.value })}
              error={item.errors['title']}
            />
            <TextAreaField
              className="sm:col-span-2"
              id={`${item.idPrefix}-description`}
              label="Description"
              rows={2}
              value={feature.description}
              maxLength={2000}
              onChange={(event) => item.update({ description: event.target.value })}
              error={item.errors['description']}
            />
          </div>
        )}
      />
    </div>
  );
}
