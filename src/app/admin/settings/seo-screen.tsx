import type { FormEvent } from 'react';
import { ImageField } from '../../../features/blocks/image-field';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { ConflictNotice } from './conflict-notice';
import { useSettingsForm } from './use-settings-form';

interface SeoSettings {
  version?: number;
  site_title: string;
  site_description: string;
  default_og_image: string | null;
  twitter_handle: string | null;
  facebook_page: string | null;
  instagram_url: string | null;
  youtube_url: string | null;
  google_analytics_id: string | null;
  google_tag_manager_id: string | null;
}

const sectionClass = 'rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900';

/** 'SEO Settings': General, Social and Analytics. */
export function SeoScreen() {
  const settings = useSettingsForm<SeoSettings>({
    queryKey: 'seo-settings',
    url: '/api/v1/settings/seo/admin',
    saveUrl: '/api/v1/settings/seo',
    successToast: 'SEO settings updated',
    failure: 'Failed to update SEO settings.',
  });
  const { form, set, errors } = settings;
  if (!form) {
    return settings.query.isError ? (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        The SEO settings could not be loaded.
      </p>
    ) : (
      <Spinner className="size-6" label="Loading settings" />
    );
  }
  const text = (key: keyof SeoSettings) => (form[key] as string | null) ?? '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void settings.save();
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="seo-title" className="max-w-3xl space-y-5">
      <div className="flex items-center gap-3">
        <h2 id="seo-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          SEO Settings
        </h2>
        <Button type="submit" busy={settings.saving} disabled={!settings.dirty}>
          Save settings
        </Button>
      </div>
      {settings.conflict ? <ConflictNotice onReload={() => void settings.reload()} /> : null}
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold">General</legend>
        <div className="space-y-4">
          <TextField
            label="Site title"
            value={form.site_title}
            onChange={(event) => set('site_title', event.target.value)}
            error={errors['site_title']}
            hint="Used when a page has no title of its own, and in the header and footer."
          />
          <TextAreaField
            label="Site description"
            rows={3}
            value={form.site_description}
            onChange={(event) => set('site_description', event.target.value)}
            error={errors['site_description']}
            hint={`${form.site_description.length}/160 characters recommended. Used when a page has no meta description.`}
          />
        </div>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold">Social</legend>
        <div className="space-y-4">
          <ImageField
            label="Default Open Graph image"
            idPrefix="seo-og"
            value={text('default_og_image')}
            onChange={(value) => set('default_og_image', value || null)}
            error={errors['default_og_image']}
          />
          <TextField
            label="X (Twitter) handle"
            value={text('twitter_handle')}
            onChange={(event) => set('twitter_handle', event.target.value || null)}
            error={errors['twitter_handle']}
            placeholder="@cenoteatlas"
          />
          <TextField
            label="Facebook page"
            type="url"
            value={text('facebook_page')}
            onChange={(event) => set('facebook_page', event.target.value || null)}
            error={errors['facebook_page']}
            placeholder="https://www.facebook.com/…"
          />
          <TextField
            label="Instagram"
            type="url"
            value={text('instagram_url')}
            onChange={(event) => set('instagram_url', event.target.value || null)}
            error={errors['instagram_url']}
            placeholder="https://www.instagram.com/…"
          />
          <TextField
            label="YouTube"
            type="url"
            value={text('youtube_url')}
            onChange={(event) => set('youtube_url', event.target.value || null)}
            error={errors['youtube_url']}
            placeholder="https://www.youtube.com/@…"
          />
          <p className="text-xs text-stone-500">
            The footer shows an icon for each account that is set, and none for the rest.
          </p>
        </div>
      </fieldset>
      <fieldset className={sectionClass}>
        <legend className="px-1 text-sm font-semibold">Analytics</legend>
        <div className="space-y-4">
          <TextField
            label="Google Analytics ID"
            value={text('google_analytics_id')}
            onChange={(event) => set('google_analytics_id', event.target.value.trim() || null)}
            error={errors['google_analytics_id']}
            placeholder="G-XXXXXXXXXX"
          />
          <TextField
            label="Google Tag Manager ID"
            value={text('google_tag_manager_id')}
            onChange={(event) => set('google_tag_manager_id', event.target.value.trim() || null)}
            error={errors['google_tag_manager_id']}
            placeholder="GTM-XXXXXXX"
          />
          <p className="text-xs text-stone-500">Analytics scripts are added to public pages only when an ID is set.</p>
        </div>
      </fieldset>
    </form>
  );
}
