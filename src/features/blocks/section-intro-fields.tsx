import { TextAreaField, TextField } from '../../shared/ui/field';
import { blankHint } from './blank-hint';

/** The title and intro text that the list blocks (gallery, cards, features) start with. */
export function SectionIntroFields({
  idPrefix,
  errors,
  title,
  titleDefault,
  onTitleChange,
  intro,
  introKey,
  introLabel,
  introMaxLength,
  onIntroChange,
}: {
  idPrefix: string;
  errors: Record<string, string>;
  title: string;
  /** The sample default a blank title becomes (spec section 5). */
  titleDefault: string;
  onTitleChange: (title: string) => void;
  intro: string;
  introKey: 'description' | 'subtitle';
  introLabel: string;
  introMaxLength: number;
  onIntroChange: (intro: string) => void;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-title`}
        label="Title"
        value={title}
        maxLength={200}
        onChange={(event) => onTitleChange(event.target.value)}
        error={errors['title']}
        hint={blankHint(titleDefault)}
      />
      <TextAreaField
        id={`${idPrefix}-${introKey}`}
        label={introLabel}
        rows={2}
        value={intro}
        maxLength={introMaxLength}
        onChange={(event) => onIntroChange(event.target.value)}
        error={errors[introKey]}
      />
    </>
  );
}
