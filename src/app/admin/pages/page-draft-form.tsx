import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PageDto } from '../../../features/pages/pages.dto';
import { slugSchema } from '../../../features/pages/pages.schema';
import { api, ApiError } from '../../../shared/lib/api-client';
import { pagePath, type Locale } from '../../../shared/lib/locale';
import { TextAreaField, TextField } from '../../../shared/ui/field';
import { SelectField } from '../../../shared/ui/select-field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useAutosave, type UnsavedEdit } from './autosave';
import { emptyForm, formFromPage, slugify, toPayload, type PageForm } from './page-form';
import { pageTypeOptions } from './page-types';

/** The page's own fields (Content and SEO & Meta tabs) as the editor holds them, and their saving. */
export interface PageDraft {
  isNew: boolean;
  form: PageForm;
  /** The fields as the server last had them. */
  loadedForm: PageForm;
  set: <K extends keyof PageForm>(key: K, value: PageForm[K]) => void;
  /** A slug typed by hand: the title no longer writes it. */
  editSlug: (slug: string) => void;
  errors: Record<string, string>;
  slugProblem: string | undefined;
  /** A new page has what creating it needs (its blocks can only be added after). */
  canSaveFirst: boolean;
  dirty: boolean;
  saving: boolean;
  /** Someone else saved the page since it was loaded: autosave stops until it is reloaded. */
  conflict: boolean;
  dismissConflict: () => void;
  /** 'Save': creates a page, or saves pending edits as a revision of their own ('saved'). */
  save: (options?: { thenEditBlocks?: boolean }) => Promise<void>;
  /** Takes in a write's answer (a save, a publish, a schedule): the next save sends its version. */
  applySaved: (saved: PageDto) => void;
}

/**
 * The page form's state. Its fields are autosaved into the draft after a pause (decision 32),
 * never published by it. `pageId` is null for a page not created yet.
 */
export function usePageDraft({
  pageId,
  page,
  flushEdits,
  reveal,
  onSaved,
  onCreated,
}: {
  pageId: string | null;
  /** The server copy, once loaded. */
  page: PageDto | undefined;
  /** Saves every open edit (the blocks' too) and names those still unsaved. */
  flushEdits: () => Promise<UnsavedEdit[]>;
  /** Shows the fields, for the unsaved-edits report. */
  reveal: () => void;
  onSaved: (saved: PageDto) => void;
  onCreated: (created: PageDto, options: { thenEditBlocks?: boolean }) => void;
}): PageDraft {
  const isNew = pageId === null;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<PageForm>(emptyForm);
  const [loadedForm, setLoadedForm] = useState<PageForm>(emptyForm);
  // The version the next save sends, written as soon as a save answers (autosaves run back to back).
  const versionRef = useRef(1);
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(loadedForm), [form, loadedForm]);

  // A newer server copy (after publish, discard, restore) replaces the form only when nothing is pending.
  useEffect(() => {
    if (!page) return;
    versionRef.current = page.version;
    const next = formFromPage(page);
    setForm((current) => (JSON.stringify(current) === JSON.stringify(loadedForm) ? next : current));
    setLoadedForm(next);
    setSlugEdited(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server copy changes
  }, [page]);

  const applySaved = (saved: PageDto) => {
    versionRef.current = saved.version;
    onSaved(saved);
  };

  useAutosave({
    id: 'page',
    label: 'Page fields',
    reveal,
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
          `/api/v1/pages/${pageId}?autosave=true`,
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
        onCreated(created, options);
      } else {
        // One Save covers every open edit: blocks typed into and not saved yet are saved first.
        const unsaved = (await flushEdits()).filter((edit) => edit.id !== 'page');
        const { page: saved } = await api.patch<{ page: PageDto }>(`/api/v1/pages/${pageId}`, {
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

  return {
    isNew,
    form,
    loadedForm,
    set,
    editSlug: (slug) => {
      setSlugEdited(true);
      set('slug', slug);
    },
    errors,
    slugProblem,
    canSaveFirst: form.title.trim() !== '' && form.slug.trim() !== '' && !slugProblem,
    dirty,
    saving,
    conflict,
    dismissConflict: () => setConflict(false),
    save,
    applySaved,
  };
}

/** The Content tab's fields: title, slug (written from the title on a new page), excerpt and page type. */
export function PageContentFields({ draft, locale }: { draft: PageDraft; locale: Locale }) {
  const { form, set, errors } = draft;
  return (
    <>
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
        onChange={(event) => draft.editSlug(event.target.value.trim().toLowerCase())}
        error={errors['slug'] ?? draft.slugProblem}
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
        options={pageTypeOptions(draft.loadedForm.page_type)}
        onChange={(event) => set('page_type', event.target.value)}
        error={errors['page_type']}
        hint="Cenote for a single cenote, Legal for privacy, terms and contact, Standard for the rest."
      />
    </>
  );
}

/** A version conflict stops autosave; reloading takes the other person's copy over the edits on screen. */
export function VersionConflictAlert({ draft, onReload }: { draft: PageDraft; onReload: () => void }) {
  if (!draft.conflict) return null;
  return (
    <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      This was changed by someone else. Reload to see their changes.{' '}
      <button
        type="button"
        className="font-semibold underline"
        onClick={() => {
          draft.dismissConflict();
          onReload();
        }}
      >
        Reload (discards your changes)
      </button>
    </div>
  );
}
