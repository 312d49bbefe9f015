import * as Switch from '@radix-ui/react-switch';
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { PageDto } from '../../../features/pages/pages.dto';
import { slugSchema } from '../../../features/pages/pages.schema';
import { api, ApiError } from '../../../shared/lib/api-client';
import { pagePath } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { SelectField } from '../../../shared/ui/select-field';
import { Spinner } from '../../../shared/ui/spinner';
import { BlockList } from '../blocks/block-list';
import { PageLinkSearchProvider } from '../ui/page-link-search-provider';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useUnsavedGuard } from '../ui/use-unsaved-guard';
import {
  AutosaveProvider,
  useAutosave,
  useCombinedAutosaveStatus,
  useUnsavedReport,
  type UnsavedEdit,
} from './autosave';
import { PageEditorToolbar, usePublishing } from './page-editor-toolbar';
import { emptyForm, formFromPage, slugify, toPayload, type PageForm } from './page-form';
import { AddTranslationButton, LanguageSwitch, TranslationOutOfDateNotice } from './page-languages';
import { PageSeoFields } from './page-seo-fields';
import { counterpartOf, pageTypeOptions } from './page-types';
import { RevisionsPanel } from './revisions-panel';
import { useAddTranslation } from './translations-api';
import { UnsavedEditsAlert } from './unsaved-edits-alert';

const tabTrigger =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-stone-600 data-[state=active]:border-lagoon-600 data-[state=active]:text-lagoon-800 dark:text-stone-400 dark:data-[state=active]:text-lagoon-200';

/** 'Edit Page' / 'Create New Page' with the Content, Content Blocks and SEO & Meta tabs. */
export function PageEditor() {
  const { id } = useParams();
  // One autosave registry per page: switching pages starts a fresh one.
  return (
    <AutosaveProvider key={id ?? 'new'}>
      <PageEditorForm />
    </AutosaveProvider>
  );
}

function PageEditorForm() {
  const { id } = useParams();
  const isNew = id === 'new' || id === undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const report = useUnsavedReport();
  const formElement = useRef<HTMLFormElement | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'content';

  const page = useQuery({
    queryKey: ['page', id],
    enabled: !isNew,
    queryFn: () => api.get<{ page: PageDto; site_time_zone: string }>(`/api/v1/pages/${id}`),
  });
  const pageData = page.data?.page;
  // New pages are English; a translation is started from its English page.
  const locale = pageData?.locale ?? 'en';

  const [form, setForm] = useState<PageForm>(emptyForm);
  const [loadedForm, setLoadedForm] = useState<PageForm>(emptyForm);
  // The version the next save sends, written as soon as a save answers (autosaves run back to back).
  const versionRef = useRef(1);
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [blocksDirty, setBlocksDirty] = useState(false);

  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(loadedForm), [form, loadedForm]);

  // A newer server copy (after publish, discard, restore) replaces the form only when nothing is pending.
  useEffect(() => {
    if (!pageData) return;
    versionRef.current = pageData.version;
    const next = formFromPage(pageData);
    setForm((current) => (JSON.stringify(current) === JSON.stringify(loadedForm) ? next : current));
    setLoadedForm(next);
    setSlugEdited(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [pageData]);

  const applySaved = (saved: PageDto) => {
    versionRef.current = saved.version;
    // Merged: a write's answer may leave out what only the page's own GET tells (its languages).
    queryClient.setQueryData<{ page: PageDto; site_time_zone: string }>(['page', id], (current) =>
      current ? { ...current, page: { ...current.page, ...saved } } : current,
    );
    void queryClient.invalidateQueries({ queryKey: ['pages'] });
    // A publish here can put the other language out of date; an edit there can bring it up to date.
    const other = pageData ? counterpartOf(pageData) : undefined;
    if (!pageData || !other) return;
    void queryClient.invalidateQueries({ queryKey: ['page', other.id] });
    const languagesMayChange =
      pageData.locale === 'es'
        ? pageData.translation_out_of_date === true
        : saved.published_at !== pageData.published_at;
    if (saved.translations === undefined && languagesMayChange) void refreshLanguages();
  };

  /**
   * Reads the page's languages again after a write whose answer leaves them out. Only those fields
   * are taken: the rest of the cached page (its version above all) stays the one the saves set.
   */
  const refreshLanguages = async () => {
    try {
      const { page: fresh } = await api.get<{ page: PageDto }>(`/api/v1/pages/${id}`);
      queryClient.setQueryData<{ page: PageDto; site_time_zone: string }>(['page', id], (current) =>
        current
          ? {
              ...current,
              page: {
                ...current.page,
                translations: fresh.translations,
                translation_out_of_date: fresh.translation_out_of_date,
              },
            }
          : current,
      );
    } catch {
      // The languages shown stay as they were until the page is opened again.
    }
  };

  // Page fields are saved into the draft after a pause (decision 32), never published by it.
  const showTab = (next: string) => setParams({ tab: next }, { replace: true });
  useAutosave({
    id: 'page',
    label: 'Page fields',
    reveal: () => {
      showTab('content');
      requestAnimationFrame(() =>
        formElement.current
          ?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) :is([aria-invalid="true"], input)')
          ?.focus(),
      );
    },
    value: form,
    dirty: dirty && !isNew,
    enabled: !isNew && !conflict,
    save: async (value, { keepalive }) => {
      const { body, errors: problems } = toPayload(value);
      if (!body) {
        setErrors(problems);
        throw new ApiError(400, 'invalid_input', 'Some fields need attention.');
      }
      try {
        const { page: saved } = await api.patch<{ page: PageDto }>(
          `/api/v1/pages/${id}?autosave=true`,
          { ...body, version: versionRef.current },
          { keepalive },
        );
        setLoadedForm(value);
        applySaved(saved);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'version_conflict') setConflict(true);
        else if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
        throw error;
      }
    },
  });
  const combinedStatus = useCombinedAutosaveStatus();
  // Save, Publish, Preview and Revisions save every open edit first and list what could not be saved.
  const flushAll = async () => (await report.flush()).length === 0;
  const showUnsaved = (edit: UnsavedEdit) => {
    if (edit.id !== 'page') showTab('blocks');
    edit.reveal?.();
  };
  const publishing = usePublishing({
    page: pageData ?? ({ id: id ?? '', is_published: false } as PageDto),
    flushAll,
    onSaved: applySaved,
    onReloadDraft: () => {
      void queryClient.invalidateQueries({ queryKey: ['page', id] });
      void queryClient.invalidateQueries({ queryKey: ['blocks', id] });
    },
  });
  const [confirmTakeDown, setConfirmTakeDown] = useState(false);
  const translating = useAddTranslation();
  const [showRevisions, setShowRevisions] = useState(false);
  const unsafeToLeave = ['retrying', 'conflict', 'invalid'].includes(combinedStatus);
  // Pending autosaves are sent on the way out; only edits that could not be saved make it ask.
  useUnsavedGuard(
    isNew ? dirty && !saving : (unsafeToLeave || (blocksDirty && combinedStatus !== 'saving')) && !saving,
  );

  const slugProblem = useMemo(() => {
    if (form.slug === '') return undefined;
    const result = slugSchema.safeParse(form.slug);
    return result.success ? undefined : result.error.issues[0]?.message;
  }, [form.slug]);

  const set = <K extends keyof PageForm>(key: K, value: PageForm[K]) => {
    setForm((current) => {
      const next = { ...current, [key]: value };
      if (key === 'title' && isNew && !slugEdited) next.slug = slugify(String(value));
      return next;
    });
    setErrors((current) => {
      if (!(key in current)) return current;
      const rest = { ...current };
      delete rest[key];
      return rest;
    });
  };

  /** 'Save': creates a page, or saves pending edits as a revision of their own ('saved'). */
  const save = async (options: { thenEditBlocks?: boolean } = {}) => {
    const { body, errors: problems } = toPayload(form);
    if (!body) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    try {
      if (isNew) {
        const { page: created } = await api.post<{ page: PageDto }>('/api/v1/pages', {
          ...body,
          is_published: form.is_published,
        });
        toastSuccess('Page created', `"${created.title}" was saved. Add its content blocks next.`);
        setLoadedForm(form);
        await queryClient.invalidateQueries({ queryKey: ['pages'] });
        // The editor stays on the new page (now 'Edit Page'), so its blocks can be added at once.
        const nextTab = options.thenEditBlocks ? 'blocks' : tab;
        void navigate(`/admin/pages/${created.id}?tab=${nextTab}`, { replace: true });
      } else {
        // One Save covers every open edit: blocks typed into and not saved yet are saved first.
        const unsaved = (await report.flush()).filter((edit) => edit.id !== 'page');
        const { page: saved } = await api.patch<{ page: PageDto }>(`/api/v1/pages/${id}`, {
          ...body,
          version: versionRef.current,
        });
        const next = formFromPage(saved);
        setForm(next);
        setLoadedForm(next);
        setConflict(false);
        applySaved(saved);
        if (unsaved.length > 0) {
          toast.error('Error', {
            description: `The page fields were saved, but ${unsaved.map((edit) => edit.label).join('; ')} ${
              unsaved.length === 1 ? 'is' : 'are'
            } not. See the list above the tabs.`,
          });
        } else {
          toastSuccess('Page saved', saved.is_published ? 'Publish the changes to show them to visitors.' : undefined);
        }
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') setConflict(true);
      else {
        if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
        toastFailure('Failed to save page.', error);
      }
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && page.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6" label="Loading page" />
      </div>
    );
  }
  if (!isNew && page.isError) {
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
        This page could not be loaded
        {page.error instanceof ApiError && page.error.status === 404
          ? ': it does not exist (it may have been deleted).'
          : '.'}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void navigate('/admin/pages')}>
          Back to Pages
        </button>
      </div>
    );
  }

  const canSaveFirst = form.title.trim() !== '' && form.slug.trim() !== '' && !slugProblem;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate aria-labelledby="editor-title">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          onClick={() => void navigate('/admin/pages')}
        >
          Back to Pages
        </Button>
        <h2 id="editor-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          {isNew ? 'Create New Page' : 'Edit Page'}
        </h2>
        {pageData ? (
          counterpartOf(pageData) ? (
            <LanguageSwitch page={pageData} />
          ) : locale === 'en' ? (
            <AddTranslationButton
              busy={translating.busyId === pageData.id}
              onAdd={() =>
                void translating.add(
                  { id: pageData.id, title: loadedForm.title },
                  { before: flushAll, onRefused: () => void refreshLanguages() },
                )
              }
            />
          ) : null
        ) : null}
        {isNew ? (
          <Button type="submit" busy={saving}>
            Save
          </Button>
        ) : null}
      </div>
      {!isNew && pageData && page.data ? (
        <PageEditorToolbar
          page={pageData}
          timeZone={page.data.site_time_zone}
          title={loadedForm.title}
          autosaveStatus={combinedStatus}
          publishing={publishing}
          flushAll={flushAll}
          onSaved={applySaved}
          onLeave={() => void navigate('/admin/pages')}
          revisionsOpen={showRevisions}
          onToggleRevisions={() => setShowRevisions((shown) => !shown)}
        />
      ) : null}

      {pageData ? <TranslationOutOfDateNotice page={pageData} /> : null}

      {conflict ? (
        <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          This was changed by someone else. Reload to see their changes.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => {
              setConflict(false);
              void page.refetch();
            }}
          >
            Reload (discards your changes)
          </button>
        </div>
      ) : null}

      <UnsavedEditsAlert unsaved={report.unsaved} onShow={showUnsaved} />

      <Tabs.Root value={tab} onValueChange={showTab} className="mt-4">
        <Tabs.List aria-label="Page sections" className="flex gap-1 border-b border-stone-200 dark:border-white/10">
          <Tabs.Trigger value="content" className={tabTrigger}>
            Content
          </Tabs.Trigger>
          <Tabs.Trigger value="blocks" className={tabTrigger}>
            Content Blocks
          </Tabs.Trigger>
          <Tabs.Trigger value="seo" className={tabTrigger}>
            SEO & Meta
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="content" className="mt-5 max-w-2xl space-y-4">
          <TextField
            label="Title"
            value={form.title}
            onChange={(event) => set('title', event.target.value)}
            error={errors['title']}
            required
          />
          <TextField
            label="Slug"
            value={form.slug}
            onChange={(event) => {
              setSlugEdited(true);
              set('slug', event.target.value.trim().toLowerCase());
            }}
            error={errors['slug'] ?? slugProblem}
            hint={
              <>
                The page's address: {pagePath(locale, form.slug || 'your-slug')}. Lowercase letters, digits and hyphens;
                “home” is the front page{locale === 'es' ? ' in Spanish' : ''}.
              </>
            }
            required
          />
          <TextAreaField
            label="Excerpt"
            rows={3}
            value={form.excerpt}
            onChange={(event) => set('excerpt', event.target.value)}
            error={errors['excerpt']}
            hint="One or two sentences for listings and search results."
          />
          <SelectField
            label="Page type"
            value={form.page_type}
            options={pageTypeOptions(loadedForm.page_type)}
            onChange={(event) => set('page_type', event.target.value)}
            error={errors['page_type']}
            hint="Cenote for a single cenote, Legal for privacy, terms and contact, Standard for the rest."
          />
          <div>
            <label className="flex items-center gap-3 text-sm font-medium text-stone-800 dark:text-stone-200">
              <Switch.Root
                checked={isNew ? form.is_published : (pageData?.is_published ?? false)}
                disabled={publishing.busy !== null}
                onCheckedChange={(checked) => {
                  if (isNew) set('is_published', checked);
                  else if (checked) void publishing.publish();
                  else setConfirmTakeDown(true);
                }}
                className="relative h-6 w-11 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600 disabled:opacity-60"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
              Published
            </label>
            <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
              {isNew
                ? 'On: the page goes on the site when you save it.'
                : pageData?.is_published
                  ? 'On the site. Turning this off takes the page off the site; the draft stays.'
                  : 'Not on the site. Turning this on publishes the draft as it is now.'}
            </p>
          </div>
        </Tabs.Content>

        {/* Kept mounted behind the other tabs, so blocks being edited stay open, keep their input
            and are covered by Save and Publish from any tab. */}
        <Tabs.Content value="blocks" forceMount={isNew ? undefined : true} hidden={tab !== 'blocks'} className="mt-5">
          {isNew ? (
            <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-white/15 dark:bg-abyss-900">
              <p className="text-sm text-stone-600 dark:text-stone-300">
                Save the page first, then add its content blocks here.
              </p>
              <Button
                className="mt-4"
                disabled={!canSaveFirst}
                busy={saving}
                onClick={() => void save({ thenEditBlocks: true })}
              >
                Save Page First
              </Button>
              {!canSaveFirst ? (
                <p className="mt-2 text-xs text-stone-500">Fill in the title and a valid slug first.</p>
              ) : null}
            </div>
          ) : (
            // Link fields find pages of this page's language.
            <PageLinkSearchProvider locale={locale}>
              <BlockList pageId={id} onDirtyChange={setBlocksDirty} />
            </PageLinkSearchProvider>
          )}
        </Tabs.Content>

        <Tabs.Content value="seo" className="mt-5 grid max-w-4xl gap-6 lg:grid-cols-2">
          <PageSeoFields form={form} set={set} errors={errors} />
        </Tabs.Content>
      </Tabs.Root>

      <ConfirmDialog
        open={confirmTakeDown}
        onOpenChange={setConfirmTakeDown}
        title="Take the page off the site"
        description={`Visitors get "page not found" at ${pageData?.path ?? 'its address'} until the page is published again. The draft and its revisions stay.`}
        confirmLabel="Take off the site"
        busy={publishing.busy === 'unpublish'}
        onConfirm={() => void publishing.unpublish().then(() => setConfirmTakeDown(false))}
      />
      {!isNew && id ? (
        <RevisionsPanel
          pageId={id}
          open={showRevisions}
          onClose={() => setShowRevisions(false)}
          onRestored={() => {
            void page.refetch();
            void queryClient.invalidateQueries({ queryKey: ['blocks', id] });
          }}
        />
      ) : null}
    </form>
  );
}
