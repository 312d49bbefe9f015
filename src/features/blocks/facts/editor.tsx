import { TextField } from '../../../shared/ui/field';
import type { BlockEditorProps } from '../editor-types';
import { errorsUnder } from '../field-errors';
import { BlockIcon } from '../icons/block-icon';
import { IconPicker } from '../icons/icon-picker';
import { ListField } from '../list-field';
import { SectionIntroFields } from '../section-intro-fields';
import { factsBlock, maxFacts, type Fact, type FactsData } from './block';

const newFact = (): Fact => ({ icon: '', label: '', value: '' });

export function FactsEditor({ value, onChange, errors, idPrefix }: BlockEditorProps<'facts'>) {
  const set = <K extends keyof FactsData>(key: K, next: FactsData[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="grid gap-4">
      <SectionIntroFields
        idPrefix={idPrefix}
        errors={errors}
        title={value.title}
        titleDefault={factsBlock.defaults.title}
        onTitleChange={(title) => set('title', title)}
        intro={value.description}
        introKey="description"
        introLabel="Description"
        introMaxLength={2000}
        onIntroChange={(text) => set('description', text)}
      />
      <ListField
        idPrefix={`${idPrefix}-facts`}
        label="Facts"
        itemNoun="fact"
        items={value.facts}
        onChange={(facts) => set('facts', facts)}
        createItem={newFact}
        max={maxFacts}
        errors={errorsUnder(errors, 'facts')}
        hint="Short and scannable: a label such as Depth Range and a value such as 5-10 m."
        getItemTitle={(fact) => [fact.label, fact.value].filter((part) => part.trim() !== '').join(': ')}
        renderPreview={(fact) =>
          fact.icon ? <BlockIcon icon={fact.icon} className="size-5 text-lagoon-700 dark:text-lagoon-300" /> : null
        }
        renderItem={(fact, item) => (
          <div className="grid gap-3 sm:grid-cols-[auto_1fr_1fr]">
            <IconPicker
              id={`${item.idPrefix}-icon`}
              name={`Icon of fact ${item.index + 1}`}
              value={fact.icon}
              onChange={(icon) => item.update({ icon })}
              error={item.errors['icon']}
            />
            <TextField
              id={`${item.idPrefix}-label`}
              label="Label"
              value={fact.label}
              maxLength={200}
              placeholder="Depth Range"
              aria-required="true"
              data-autofocus
              onChange={(event) => item.update({ label: event.target.value })}
              error={item.errors['label']}
            />
            <TextField
              id={`${item.idPrefix}-value`}
              label="Value"
              value={fact.value}
              maxLength={2000}
              placeholder="5-10 m"
              aria-required="true"
              onChange={(event) => item.update({ value: event.target.value })}
              error={item.errors['value']}
            />
          </div>
        )}
      />
    </div>
  );
}
