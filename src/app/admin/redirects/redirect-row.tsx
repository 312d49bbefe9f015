import { ArrowRight, ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { isExternalTarget, statusLabels, type RedirectDto } from './redirects-api';

/** Cells line up in a table from md up; below, each row is a small card that wraps. */
const cell = 'px-3 py-2 align-middle max-md:p-0';

/** One redirect: from, to, type, hits (last visit in the title), where it came from, Edit and Delete. */
export function RedirectRow({
  redirect,
  deleting,
  onEdit,
  onDelete,
}: {
  redirect: RedirectDto;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const external = isExternalTarget(redirect.to);
  const lastHit = redirect.last_hit_at ? new Date(redirect.last_hit_at) : null;
  const lastHitText = lastHit ? `last visit ${relativeTime(lastHit)}` : 'no visits yet';
  return (
    <tr className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:px-3 max-md:py-3">
      <th scope="row" className={`${cell} min-w-0 font-normal max-md:flex-1`}>
        <span className="font-mono text-[13px] break-all text-stone-900 dark:text-stone-50">{redirect.from}</span>
      </th>
      <td className={`${cell} min-w-0 max-md:order-2 max-md:w-full`}>
        <span className="flex items-start gap-1.5 font-mono text-[13px] break-all text-stone-700 dark:text-stone-300">
          <ArrowRight aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-stone-400 md:hidden" />
          <span className="min-w-0">
            {redirect.to}
            {external ? (
              <>
                <ExternalLink
                  aria-hidden="true"
                  className="ml-1 inline size-3.5 -translate-y-px align-middle text-stone-500"
                />
                <span className="sr-only"> (another site)</span>
              </>
            ) : null}
          </span>
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap max-md:order-1`}>
        <span
          className={`rounded-md px-1.5 py-0.5 text-xs font-medium ${
            redirect.status === 301
              ? 'bg-stone-100 text-stone-700 dark:bg-white/10 dark:text-stone-200'
              : 'bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
          }`}
        >
          {redirect.status} {statusLabels[redirect.status]}
        </span>
      </td>
      <td
        className={`${cell} text-right whitespace-nowrap text-stone-700 tabular-nums max-md:order-3 max-md:text-xs max-md:text-stone-600 dark:text-stone-300`}
      >
        <span title={lastHit ? `Last visit ${relativeTime(lastHit)} (${exactTime(lastHit)})` : 'No visits yet'}>
          {redirect.hits}
          <span className="md:hidden"> {redirect.hits === 1 ? 'hit' : 'hits'}</span>
          <span className="sr-only">, {lastHitText}</span>
        </span>
      </td>
      <td className={`${cell} whitespace-nowrap max-md:order-4`}>
        {redirect.source === 'slug_change' ? (
          <span className="rounded-full bg-lagoon-50 px-2 py-0.5 text-xs font-semibold text-lagoon-800 dark:bg-lagoon-950 dark:text-lagoon-200">
            Page renamed
          </span>
        ) : (
          <span className="text-xs text-stone-500 dark:text-stone-400">Added by hand</span>
        )}
      </td>
      <td className={`${cell} text-right whitespace-nowrap max-md:order-5 max-md:ml-auto`}>
        <span className="inline-flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            data-redirect-edit={redirect.id}
            icon={<Pencil aria-hidden="true" className="size-3.5" />}
            onClick={onEdit}
          >
            Edit<span className="sr-only"> redirect from {redirect.from}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            busy={deleting}
            className="hover:bg-red-50 hover:text-red-800 dark:hover:bg-red-950 dark:hover:text-red-200"
            icon={<Trash2 aria-hidden="true" className="size-3.5" />}
            onClick={onDelete}
          >
            Delete<span className="sr-only"> redirect from {redirect.from}</span>
          </Button>
        </span>
      </td>
    </tr>
  );
}
