import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditActionGroups, AuditActors, AuditItem, AuditList } from '../../../features/audit/audit.dto';
import { api } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { FieldFrame, inputClass } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { LoadMore } from '../ui/load-more';

const pageSize = 50;
/** The filters live in the address (?actor=&action=&from=&to=), so a link shares the view. */
const filterNames = ['actor', 'action', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A day typed in the browser's time zone, as the instant it starts (or, `nextDay`, ends). */
function startOfDay(day: string, nextDay = false): string | undefined {
  if (!datePattern.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00`);
  if (Number.isNaN(start.getTime())) return undefined;
  if (nextDay) start.setDate(start.getDate() + 1);
  return start.toISOString();
}

function auditQuery(filters: Filters, cursor: string): string {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.action) query.set('action', filters.action);
  const since = startOfDay(filters.from);
  const until = startOfDay(filters.to, true);
  if (since) query.set('since', since);
  if (until) query.set('until', until);
  if (cursor) query.set('cursor', cursor);
  return `/api/v1/audit?${query.toString()}`;
}

/** Who acted, as people read it: the address, the token, or the job. */
function whoOf(item: AuditItem): { name: string; detail?: string } {
  switch (item.actor.type) {
    case 'token':
      return { name: `API token: ${item.actor.label ?? 'unnamed'}` };
    case 'system':
      return { name: 'System', ...(item.actor.label ? { detail: item.actor.label } : {}) };
    case 'anonymous':
      return { name: 'Not signed in' };
    default:
      return { name: item.actor.label ?? 'Removed account' };
  }
}

const targetTypes: Record<string, string> = {
  page: 'Page',
  user: 'Account',
  settings: 'Settings',
  backup: 'Backup',
  invitation: 'Invitation',
  api_token: 'API token',
  webhook: 'Webhook',
};

function targetOf(item: AuditItem): string | null {
  if (!item.target) return null;
  const type = targetTypes[item.target.type] ?? item.target.type;
  return item.target.label ? `${type}: ${item.target.label}` : type;
}

/** The audit log (decision 40): who did what, to what, from where; read and filter only. */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const filtered = filterNames.some((name) => filters[name] !== '');
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() };

  const setFilter = (name: keyof Filters, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const clearFilters = () => {
    const next = new URLSearchParams(params);
    for (const name of filterNames) next.delete(name);
    setParams(next, { replace: true });
  };

  const actors = useQuery({
    queryKey: ['audit', 'actors'],
    queryFn: () => api.get<AuditActors>('/api/v1/audit/actors'),
  });
  const actions = useQuery({
    queryKey: ['audit', 'actions'],
    queryFn: () => api.get<AuditActionGroups>('/api/v1/audit/actions'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const entries = useInfiniteQuery({
    queryKey: ['audit', 'entries', filters],
    queryFn: ({ pageParam }) => api.get<AuditList>(auditQuery(filters, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const items = useMemo(() => entries.data?.pages.flatMap((page) => page.items) ?? [], [entries.data]);
  const personKnown = !filters.actor || actors.data?.items.some((actor) => actor.id === filters.actor);

  const now = new Date();
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title" className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Who did what, and from which address. Entries cannot be changed or deleted, and are kept for a year.
      </p>

      <form
        role="search"
        aria-label="Filter the audit log"
        className="mt-4 grid grid-cols-2 items-end gap-3 rounded-xl border border-stone-200 bg-white p-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_auto] dark:border-white/10 dark:bg-abyss-900"
        onSubmit={(event) => event.preventDefault()}
      >
        <FieldFrame label="Person" id={ids.actor} className="col-span-2 md:col-span-1">
          {(wiring) => (
            <select
              {...wiring}
              className={inputClass}
              value={filters.actor}
              onChange={(event) => setFilter('actor', event.target.value)}
            >
              <option value="">Everyone</option>
              {!personKnown ? <option value={filters.actor}>Someone not in the log</option> : null}
              {actors.data?.items.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Action" id={ids.action} className="col-span-2 md:col-span-1">
          {(wiring) => (
            <select
              {...wiring}
              className={inputClass}
              value={filters.action}
              onChange={(event) => setFilter('action', event.target.value)}
            >
              <option value="">All actions</option>
              {actions.data?.groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.actions.map((action) => (
                    <option key={action.action} value={action.action}>
                      {action.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="From" id={ids.from} className="">
          {(wiring) => (
            <input
              {...wiring}
              type="date"
              className={inputClass}
              value={filters.from}
              max={filters.to || undefined}
              onChange={(event) => setFilter('from', event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame label="To" id={ids.to} className="">
          {(wiring) => (
            <input
              {...wiring}
              type="date"
              className={inputClass}
              value={filters.to}
              min={filters.from || undefined}
              onChange={(event) => setFilter('to', event.target.value)}
            />
          )}
        </FieldFrame>
        <Button
          type="button"
          variant="ghost"
          className="col-span-2 justify-self-start md:col-span-1"
          disabled={!filtered}
          onClick={clearFilters}
        >
          Clear filters
        </Button>
      </form>

      {entries.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading the audit log" />
        </div>
      ) : entries.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {entries.error instanceof Error ? entries.error.message : 'The audit log could not be loaded.'}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void entries.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-abyss-900">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {filtered
              ? 'No entries match these filters.'
              : 'Nothing has been recorded yet. Sign-ins, publishing, settings and other changes will show here.'}
          </p>
        </div>
      ) : (
        <>
          <div className="mt-4 rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">Audit log entries, newest first</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 max-md:hidden dark:border-white/10 dark:bg-abyss-950/40 dark:text-stone-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Time
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Target
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Summary
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Address
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 max-md:block dark:divide-white/10">
                {items.map((item) => {
                  const at = new Date(item.created_at);
                  const who = whoOf(item);
                  const target = targetOf(item);
                  return (
                    <tr
                      key={item.id}
                      className="align-top max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-0.5 max-md:px-3 max-md:py-2.5"
                    >
                      <td className="px-3 py-2 whitespace-nowrap text-stone-600 max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-xs dark:text-stone-400">
                        <time dateTime={item.created_at} title={exactTime(at)}>
                          {relativeTime(at, now)}
                        </time>
                      </td>
                      <td className="px-3 py-2 max-md:col-span-2 max-md:row-start-2 max-md:p-0">
                        <span className="block text-stone-900 md:whitespace-nowrap max-md:text-stone-700 dark:text-stone-100 max-md:[overflow-wrap:anywhere] max-md:dark:text-stone-300">
                          {who.name}
                        </span>
                        {who.detail ? (
                          <span className="block text-xs text-stone-500 dark:text-stone-400">{who.detail}</span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 font-medium whitespace-nowrap text-stone-900 max-md:col-start-1 max-md:row-start-1 max-md:p-0 max-md:whitespace-normal dark:text-stone-50">
                        {item.action_label}
                      </td>
                      <td className="px-3 py-2 text-stone-700 max-md:col-span-2 max-md:p-0 max-md:text-xs dark:text-stone-300">
                        {target ?? <span className="text-stone-500 max-md:hidden">—</span>}
                      </td>
                      <td className="px-3 py-2 text-stone-700 max-md:col-span-2 max-md:p-0 dark:text-stone-300">
                        {item.summary}
                      </td>
                      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-stone-600 max-md:col-span-2 max-md:p-0 dark:text-stone-400">
                        {item.ip ? (
                          <>
                            <span className="font-sans md:sr-only">From </span>
                            {item.ip}
                          </>
                        ) : (
                          <span className="max-md:hidden">—</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore list={entries} />
        </>
      )}
    </section>
  );
}
