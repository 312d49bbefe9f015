import { useState, type FormEvent } from 'react';
import type { NumberRange } from '../../../features/settings/settings.schema';
import {
  cacheDurationRange,
  imageQualityRange,
  pageWeightBudgetRange,
} from '../../../features/settings/settings.schema';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { SwitchField } from '../ui/switch-field';
import { ConflictNotice } from './conflict-notice';
import { useSettingsForm } from './use-settings-form';

interface PerformanceSettings {
  version?: number;
  enable_caching: boolean;
  cache_duration: number;
  enable_webp: boolean;
  enable_avif: boolean;
  image_quality: number;
  lazy_loading: boolean;
  page_weight_budget_kb: number;
}

/** Spec section 5: out-of-range values are clamped, a non-number falls back to the default. */
export function clampNumber(value: string, min: number, max: number, fallback: number): number {
  const parsed = Number.parseInt(value, 10);
  if (Number.isNaN(parsed)) return fallback;
  return Math.min(max, Math.max(min, parsed));
}

const tips = [
  'Keep caching on: cached pages are served from memory in well under a millisecond, and every edit clears exactly the pages it changes.',
  'A cache duration of a day (86400 s) suits a content site: it is how long the server keeps a rendered page. Browsers check back on every visit (a cheap 304 when nothing changed), so an edit shows at once.',
  'AVIF is the smallest format for photographs, WebP the most widely supported; with both on, each visitor gets the best one their browser takes.',
  'A quality of 80–85 keeps photos crisp at a fraction of the size; lower it for galleries with many large images.',
  'Lazy loading leaves images below the fold until the reader scrolls near them; the hero always loads first.',
  'Format and quality apply to images uploaded after the change; page markup follows the settings at once.',
  'The page weight budget counts what a visitor downloads for the words and pictures of a page: its HTML and every image as the browser picks it. Around 1500 KB keeps a page quick on a slow mobile connection, as divers often have near the cenotes.',
];

/**
 * A number setting that shows what is typed (so '3600' can be typed digit by digit) while the form
 * holds the clamped value; the field shows the clamped value again once focus leaves it.
 */
function ClampedNumberField({
  label,
  value,
  range,
  onValueChange,
  error,
  hint,
  disabled,
}: {
  label: string;
  value: number;
  range: NumberRange;
  onValueChange: (value: number) => void;
  error: string | undefined;
  hint: string;
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={range.min}
      max={range.max}
      value={typed ?? String(value)}
      disabled={disabled}
      onChange={(event) => {
        setTyped(event.target.value);
        onValueChange(clampNumber(event.target.value, range.min, range.max, range.fallback));
      }}
      onBlur={() => setTyped(null)}
      error={error}
      hint={hint}
    />
  );
}

/** 'Performance': the settings that drive the page cache, HTTP caching, image formats and loading. */
export function PerformanceScreen() {
  const settings = useSettingsForm<PerformanceSettings>({
    queryKey: 'performance-settings',
    url: '/api/v1/settings/performance',
    saveUrl: '/api/v1/settings/performance',
    successToast: 'Settings saved',
    failure: 'Failed to save performance settings.',
  });
  const { form, set, errors } = settings;
  if (!form) {
    return settings.query.isError ? (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        The performance settings could not be loaded.
      </p>
    ) : (
      <Spinner className="size-6" label="Loading settings" />
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void settings.save();
  };
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form onSubmit={onSubmit} noValidate aria-labelledby="performance-title" className="space-y-5">
        <div className="flex items-center gap-3">
          <h2 id="performance-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
            Performance
          </h2>
          <Button type="submit" busy={settings.saving} disabled={!settings.dirty}>
            Save settings
          </Button>
        </div>
        {settings.conflict ? <ConflictNotice onReload={() => void settings.reload()} /> : null}
        <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900">
          <legend className="px-1 text-sm font-semibold">Caching</legend>
          <SwitchField
            label="Enable caching"
            checked={form.enable_caching}
            onCheckedChange={(checked) => set('enable_caching', checked)}
            hint="Keep rendered pages in the server's memory; browsers still revalidate every page."
          />
          <ClampedNumberField
            label="Cache duration (seconds)"
            value={form.cache_duration}
            range={cacheDurationRange}
            onValueChange={(value) => set('cache_duration', value)}
            error={errors['cache_duration']}
            hint="60 to 604800 (one minute to one week)."
            disabled={!form.enable_caching}
          />
        </fieldset>
        <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900">
          <legend className="px-1 text-sm font-semibold">Images</legend>
          <SwitchField
            label="WebP images"
            checked={form.enable_webp}
            onCheckedChange={(checked) => set('enable_webp', checked)}
            hint="Create and serve WebP versions of uploads."
          />
          <SwitchField
            label="AVIF images"
            checked={form.enable_avif}
            onCheckedChange={(checked) => set('enable_avif', checked)}
            hint="Create and serve AVIF versions (smallest; slower to encode)."
          />
          <ClampedNumberField
            label="Image quality"
            value={form.image_quality}
            range={imageQualityRange}
            onValueChange={(value) => set('image_quality', value)}
            error={errors['image_quality']}
            hint="1 to 100; 85 by default."
          />
          <SwitchField
            label="Lazy loading"
            checked={form.lazy_loading}
            onCheckedChange={(checked) => set('lazy_loading', checked)}
            hint="Load images below the fold only when the reader gets near them."
          />
        </fieldset>
        <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900">
          <legend className="px-1 text-sm font-semibold">Publish check</legend>
          <ClampedNumberField
            label="Page weight budget (KB)"
            value={form.page_weight_budget_kb}
            range={pageWeightBudgetRange}
            onValueChange={(value) => set('page_weight_budget_kb', value)}
            error={errors['page_weight_budget_kb']}
            hint="100 to 20000; 1500 by default. Publishing a page that weighs more (HTML plus images) shows a warning."
          />
        </fieldset>
      </form>
      <aside
        aria-labelledby="tips-title"
        className="h-fit rounded-xl border border-lagoon-200 bg-lagoon-50 p-5 text-sm text-lagoon-950 dark:border-lagoon-800 dark:bg-lagoon-950 dark:text-lagoon-50"
      >
        <h3 id="tips-title" className="font-semibold">
          Performance tips
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
