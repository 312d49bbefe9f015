import { ImageField } from '../../../features/blocks/image-field';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import type { PageForm } from './page-form';

/** The SEO & Meta tab: search engine fields, Open Graph, Twitter card and JSON-LD. */
export function PageSeoFields({
  form,
  set,
  errors,
}: {
  form: PageForm;
  set: <K extends keyof PageForm>(key: K, value: PageForm[K]) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <fieldset className="space-y-4 lg:col-span-2">
        <legend className="text-sm font-semibold text-stone-900 dark:text-stone-100">Search engines</legend>
        <TextField
          label="Meta title"
          value={form.meta_title}
          onChange={(event) => set('meta_title', event.target.value)}
          error={errors['meta_title']}
          hint={`${form.meta_title.length}/60 characters recommended`}
        />
        <TextAreaField
          label="Meta description"
          rows={2}
          value={form.meta_description}
          onChange={(event) => set('meta_description', event.target.value)}
          error={errors['meta_description']}
          hint={`${form.meta_description.length}/160 characters recommended`}
        />
        <TextField
          label="Canonical URL"
          type="url"
          value={form.canonical_url}
          onChange={(event) => set('canonical_url', event.target.value)}
          error={errors['canonical_url']}
          placeholder="https://…"
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900 dark:text-stone-100">Open Graph</legend>
        <TextField
          label="OG title"
          value={form.og_title}
          onChange={(event) => set('og_title', event.target.value)}
          error={errors['og_title']}
        />
        <TextAreaField
          label="OG description"
          rows={2}
          value={form.og_description}
          onChange={(event) => set('og_description', event.target.value)}
          error={errors['og_description']}
        />
        <ImageField
          label="OG image"
          value={form.og_image}
          onChange={(value) => set('og_image', value)}
          idPrefix="og-image"
          error={errors['og_image']}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900 dark:text-stone-100">Twitter card</legend>
        <TextField
          label="Twitter title"
          value={form.twitter_title}
          onChange={(event) => set('twitter_title', event.target.value)}
          error={errors['twitter_title']}
        />
        <TextAreaField
          label="Twitter description"
          rows={2}
          value={form.twitter_description}
          onChange={(event) => set('twitter_description', event.target.value)}
          error={errors['twitter_description']}
        />
        <ImageField
          label="Twitter image"
          value={form.twitter_image}
          onChange={(value) => set('twitter_image', value)}
          idPrefix="twitter-image"
          error={errors['twitter_image']}
        />
      </fieldset>
      <TextAreaField
        className="lg:col-span-2"
        label="Structured data (JSON-LD)"
        rows={6}
        spellCheck={false}
        value={form.structured_data}
        onChange={(event) => set('structured_data', event.target.value)}
        error={errors['structured_data']}
        hint="A schema.org object, e.g. an Article or TouristAttraction. Leave empty for none."
        style={{ fontFamily: 'ui-monospace, monospace' }}
      />
    </>
  );
}
