import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { useUnsavedGuard } from '../ui/use-unsaved-guard';
import { AutosaveProvider, useCombinedAutosaveStatus, useUnsavedReport, type UnsavedEdit } from './autosave';
import { OpenPageFallback, useOpenPage } from './open-page';
import { PageBlocksArea } from './page-blocks-area';
import { PageContentFields, usePageDraft, VersionConflictAlert } from './page-draft-form';
import { PageLanguageActions, TranslationOutOfDateNotice } from './page-languages';
import { PagePublishBar, PublishedSwitch, usePublishing } from './page-publish-bar';
import { PageSeoFields } from './page-seo-fields';
import { RevisionsPanel } from './revisions-panel';
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
  const report = useUnsavedReport();
  const formElement = useRef<HTMLFormElement | null>(null);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'content';
  const showTab = (next: string) => setParams({ tab: next }, { replace: true });
  const leave = () => void navigate('/admin/pages');

  const opened = useOpenPage(id, isNew);
  const { page } = opened;
  // New pages are English; a translation is started from its English page.
  const locale = page?.locale ?? 'en';

  const draft = usePageDraft({
    pageId: isNew ? null : id,
    page,
    flushEdits: report.flush,
    reveal: () => {
      showTab('content');
      requestAnimationFrame(() =>
        formElement.current
          ?.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden]) :is([aria-invalid="true"], input)')
          ?.focus(),
      );
    },
    onSaved: opened.applySaved,
    // The editor stays on the new page (now 'Edit Page'), so its blocks can be added at once.
    onCreated: (created, { thenEditBlocks }) =>
      void navigate(`/admin/pages/${created.id}?tab=${thenEditBlocks ? 'blocks' : tab}`, { replace: true }),
  });
  const combinedStatus = useCombinedAutosaveStatus();
  // Save, Publish, Preview and Revisions save every open edit first and list what could not be saved.
  const flushAll = async () => (await report.flush()).length === 0;
  const showUnsaved = (edit: UnsavedEdit) => {
    if (edit.id !== 'page') showTab('blocks');
    edit.reveal?.();
  };
  const publishing = usePublishing({
    page: page ?? { id: id ?? '', is_published: false },
    flushAll,
    onSaved: draft.applySaved,
    onReloadDraft: opened.reloadDraft,
  });
  const [showRevisions, setShowRevisions] = useState(false);
  const [blocksDirty, setBlocksDirty] = useState(false);
  const unsafeToLeave = ['retrying', 'conflict', 'invalid'].includes(combinedStatus);
  // Pending autosaves are sent on the way out; only edits that could not be saved make it ask.
  useUnsavedGuard(
    isNew
      ? draft.dirty && !draft.saving
      : (unsafeToLeave || (blocksDirty && combinedStatus !== 'saving')) && !draft.saving,
  );

  if (!isNew && !opened.query.isSuccess) return <OpenPageFallback query={opened.query} onBack={leave} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void draft.save();
  };

  return (
    <form ref={formElement} onSubmit={onSubmit} noValidate aria-labelledby="editor-title">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" icon={<ArrowLeft aria-hidden="true" className="size-4" />} onClick={leave}>
          Back to Pages
        </Button>
        <h2 id="editor-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          {isNew ? 'Create New Page' : 'Edit Page'}
        </h2>
        {page ? (
          <PageLanguageActions
            page={page}
            title={draft.loadedForm.title}
            flushAll={flushAll}
            onRefused={() => void opened.refreshLanguages()}
          />
        ) : null}
        {isNew ? (
          <Button type="submit" busy={draft.saving}>
            Save
          </Button>
        ) : null}
      </div>
      {!isNew && page && opened.query.data ? (
        <PagePublishBar
          page={page}
          timeZone={opened.query.data.site_time_zone}
          title={draft.loadedForm.title}
          autosaveStatus={combinedStatus}
          publishing={publishing}
          flushAll={flushAll}
          onSaved={draft.applySaved}
          onLeave={leave}
          revisionsOpen={showRevisions}
          onToggleRevisions={() => setShowRevisions((shown) => !shown)}
        />
      ) : null}

      {page ? <TranslationOutOfDateNotice page={page} /> : null}
      <VersionConflictAlert draft={draft} onReload={() => void opened.query.refetch()} />
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
          <PageContentFields draft={draft} locale={locale} />
          <PublishedSwitch page={page} draft={draft} publishing={publishing} />
        </Tabs.Content>

        {/* Kept mounted behind the other tabs, so blocks being edited stay open, keep their input
            and are covered by Save and Publish from any tab. */}
        <Tabs.Content value="blocks" forceMount={isNew ? undefined : true} hidden={tab !== 'blocks'} className="mt-5">
          <PageBlocksArea pageId={isNew ? null : id} locale={locale} draft={draft} onDirtyChange={setBlocksDirty} />
        </Tabs.Content>

        <Tabs.Content value="seo" className="mt-5 grid max-w-4xl gap-6 lg:grid-cols-2">
          <PageSeoFields form={draft.form} set={draft.set} errors={draft.errors} />
        </Tabs.Content>
      </Tabs.Root>

      {!isNew && id ? (
        <RevisionsPanel
          pageId={id}
          open={showRevisions}
          onClose={() => setShowRevisions(false)}
          onRestored={opened.reloadAfterRestore}
        />
      ) : null}
    </form>
  );
}
