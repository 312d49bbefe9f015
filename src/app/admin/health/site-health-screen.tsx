import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CircleX, RefreshCw, Unlink } from 'lucide-react';
import { Link } from 'react-router';
import type { HealthFindingDto, SiteHealthDto } from '../../../features/publish-checks/publish-checks.dto';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';

type PageEntry = SiteHealthDto['pages'][number];
interface Item {
  page: Pick<PageEntry, 'page_id' | 'title' | 'path'>;
  finding: HealthFindingDto;
}

const brokenLinkCodes = new Set(['link_missing_page', 'link_unpublished_page']);
const seoCodes = new Set([
  'meta_title_missing',
  'meta_title_too_long',
  'meta_title_duplicate',
  'meta_description_missing',
  'meta_description_too_long',
  'meta_description_duplicate',
]);

/** Where in the editor an item is fixed: meta findings on the SEO tab, block findings on Content Blocks. */
function editorLink(item: Item): string {
  const tab = seoCodes.has(item.finding.code) ? 'seo' : item.finding.block_id ? 'blocks' : 'content';
  return `/admin/pages/${item.page.page_id}?tab=${tab}`;
}

function copiesLabel(copies: HealthFindingDto['copies']): string {
  if (copies.length === 2) return 'Draft and live';
  return copies[0] === 'live' ? 'Live only' : 'Draft only';
}

/**
 * Site health (decision 37): the publish check over every page, draft and live copy, so editors
 * see what needs fixing across the site: broken internal links, missing alt text, pages nothing
 * links to, and everything else the check warns about. Each item opens the page in the editor.
 */
export function SiteHealthScreen() {
  const health = useQuery({
    queryKey: ['site-health'],
    queryFn: () => api.get<SiteHealthDto>('/api/v1/site-health'),
    staleTime: 0,
  });

  return (
    <section aria-labelledby="health-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="health-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Site health
        </h2>
        <Button
          variant="secondary"
          size="sm"
          icon={<RefreshCw aria-hidden="true" className="size-3.5" />}
          busy={health.isFetching}
          onClick={() => void health.refetch()}
        >
          Check again
        </Button>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        The publish check over every page, its draft and its live copy. Fix an item in the page editor; drafts need
        publishing before visitors see the fix.
      </p>

      {health.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Checking every page" />
        </div>
      ) : health.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The report could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void health.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <Report report={health.data} />
      )}
    </section>
  );
}

function Report({ report }: { report: SiteHealthDto }) {
  const items: Item[] = report.pages.flatMap((page) => page.findings.map((finding) => ({ page, finding })));
  const broken = items.filter((item) => brokenLinkCodes.has(item.finding.code));
  const alt = items.filter((item) => item.finding.code === 'image_missing_alt');
  const other = items.filter(
    (item) => !brokenLinkCodes.has(item.finding.code) && item.finding.code !== 'image_missing_alt',
  );
  const { summary } = report;
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count term="Pages checked" value={summary.pages_checked} />
        <Count term="Broken links" value={summary.broken_links} tone={summary.broken_links > 0 ? 'error' : 'ok'} />
        <Count term="Missing alt text" value={summary.missing_alt} tone={summary.missing_alt > 0 ? 'warning' : 'ok'} />
        <Count term="Orphan pages" value={summary.orphans} tone={summary.orphans > 0 ? 'warning' : 'ok'} />
      </dl>

      <FindingSection
        id="health-broken"
        title="Broken internal links"
        empty="Every internal link leads to a published page."
        items={broken}
        icon="error"
      />
      <FindingSection
        id="health-alt"
        title="Missing alt text"
        empty="Every content image has alt text."
        items={alt}
        icon="warning"
      />
      <section aria-labelledby="health-orphans" className="mt-6">
        <h3 id="health-orphans" className="text-sm font-semibold text-stone-900 dark:text-stone-50">
          Orphan pages ({report.orphans.length})
        </h3>
        <p className="text-xs text-stone-500 dark:text-stone-400">
          Published pages that no other published page and no navigation item links to. Visitors find them only by
          search.
        </p>
        {report.orphans.length === 0 ? (
          <Empty text="Every published page is linked from somewhere." />
        ) : (
          <ul className={listClass}>
            {report.orphans.map((page) => (
              <li key={page.page_id} className="flex items-start gap-2 px-3 py-2 text-sm">
                <Unlink aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
                <span className="min-w-0 flex-1">
                  <Link
                    to={`/admin/pages/${page.page_id}`}
                    className="font-semibold text-lagoon-800 underline dark:text-lagoon-300"
                  >
                    {page.title}
                  </Link>
                  <span className="ml-2 font-mono text-xs break-all text-stone-500 dark:text-stone-400">
                    {page.path}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <FindingSection
        id="health-other"
        title="Other warnings"
        empty="Nothing else to report."
        items={other}
        icon="warning"
      />
    </>
  );
}

const listClass =
  'mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white dark:divide-white/10 dark:border-white/10 dark:bg-abyss-900';

function Count({ term, value, tone = 'ok' }: { term: string; value: number; tone?: 'ok' | 'warning' | 'error' }) {
  const color =
    tone === 'error'
      ? 'text-red-700 dark:text-red-400'
      : tone === 'warning'
        ? 'text-amber-800 dark:text-amber-300'
        : 'text-stone-900 dark:text-stone-50';
  return (
    <div className="rounded-xl border border-stone-200 bg-white px-3 py-2 dark:border-white/10 dark:bg-abyss-900">
      <dt className="text-xs text-stone-600 dark:text-stone-400">{term}</dt>
      <dd className={`text-2xl font-semibold ${color}`}>{value}</dd>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="mt-2 rounded-xl border border-dashed border-stone-300 bg-white px-3 py-3 text-sm text-stone-600 dark:border-white/15 dark:bg-abyss-900 dark:text-stone-300">
      {text}
    </p>
  );
}

function FindingSection({
  id,
  title,
  empty,
  items,
  icon,
}: {
  id: string;
  title: string;
  empty: string;
  items: Item[];
  icon: 'error' | 'warning';
}) {
  const Icon = icon === 'error' ? CircleX : AlertTriangle;
  return (
    <section aria-labelledby={id} className="mt-6">
      <h3 id={id} className="text-sm font-semibold text-stone-900 dark:text-stone-50">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <Empty text={empty} />
      ) : (
        <ul className={listClass}>
          {items.map((item, index) => (
            <li key={`${item.page.page_id}-${index}`} className="flex items-start gap-2 px-3 py-2 text-sm">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-4 shrink-0 ${
                  item.finding.level === 'error'
                    ? 'text-red-700 dark:text-red-400'
                    : 'text-amber-700 dark:text-amber-400'
                }`}
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <Link to={editorLink(item)} className="font-semibold text-lagoon-800 underline dark:text-lagoon-300">
                    {item.page.title}
                  </Link>
                  <span className="font-mono text-xs break-all text-stone-500 dark:text-stone-400">
                    {item.page.path}
                  </span>
                  <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700 dark:bg-white/10 dark:text-stone-300">
                    {copiesLabel(item.finding.copies)}
                  </span>
                </span>
                <span className="mt-0.5 block break-words text-stone-700 dark:text-stone-300">
                  {item.finding.message}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
