import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.server';
import { checkPageDrafts } from '../publish-checks/publish-checks.service.server';
import type { EventOrigin } from '../publishing/page-events.server';
import { publishPage, unpublishPage, type Actor } from '../publishing/publishing.service.server';
import { findDraftPagesByIds } from './pages.repo.server';
import { moveToTrash } from './trash.service.server';

export const bulkActions = ['publish', 'unpublish', 'trash'] as const;
export type BulkAction = (typeof bulkActions)[number];

export interface BulkResult {
  id: string;
  ok: boolean;
  error?: { code: string; message: string };
}

interface BulkContext {
  actor: Actor;
  origin: EventOrigin;
}

const notFoundResult = (id: string): BulkResult => ({
  id,
  ok: false,
  error: { code: 'not_found', message: 'This page was not found. It may have been deleted or moved to Trash.' },
});

/**
 * A page's failure as its result: an AppError keeps its code and message (a taken slug, a version
 * conflict); anything else is logged and reported in plain words, without its details.
 */
function failureOf(app: FastifyInstance, id: string, error: unknown): BulkResult {
  if (error instanceof AppError) {
    return error.code === 'not_found'
      ? notFoundResult(id)
      : { id, ok: false, error: { code: error.code, message: error.message } };
  }
  app.log.error({ err: error, pageId: id }, 'a bulk page action failed');
  return {
    id,
    ok: false,
    error: { code: 'internal_error', message: 'This page could not be changed. Please try again.' },
  };
}

/**
 * Runs one action over up to 100 pages, each on its own (docs/decisions/033-bulk-page-actions.md):
 * every page goes through the same service function as
 * its single-page route, in its own transaction, so the audit entry, webhooks, redirects on a
 * rename and the page cache's invalidation happen exactly as they do one page at a time. One
 * page's failure does not undo the others; the answer says, per page, what happened.
 */
export async function runBulkPageAction(
  app: FastifyInstance,
  action: BulkAction,
  ids: string[],
  context: BulkContext,
): Promise<BulkResult[]> {
  // The database answers uuids in lowercase, whatever case the request used.
  const pageIds = ids.map((id) => id.toLowerCase());
  const results =
    action === 'publish'
      ? await bulkPublish(app, pageIds, context)
      : new Map(await eachInTurn(pageIds, (id) => runOne(app, action, id, context)));
  return ids.map((id, index) => ({ ...(results.get(pageIds[index]!) ?? notFoundResult(id)), id }));
}

async function eachInTurn(
  ids: string[],
  run: (id: string) => Promise<BulkResult>,
): Promise<Array<[string, BulkResult]>> {
  const done: Array<[string, BulkResult]> = [];
  // One after another: on the embedded database writes are serial anyway, and the order of the
  // audit entries follows the editor's selection.
  for (const id of ids) done.push([id, await run(id)]);
  return done;
}

async function runOne(
  app: FastifyInstance,
  action: 'unpublish' | 'trash',
  id: string,
  context: BulkContext,
): Promise<BulkResult> {
  try {
    if (action === 'unpublish') {
      const { page, paths } = await unpublishPage(app.db, id, context.origin);
      app.contentChanged({ pageId: page.id, paths });
    } else {
      const { page, livePaths } = await moveToTrash(app.db, id, app.clock.now(), context.origin);
      app.contentChanged({ pageId: page.id, paths: livePaths });
    }
    return { id, ok: true };
  } catch (error) {
    return failureOf(app, id, error);
  }
}

/**
 * Publishes each page's current draft, unless its publish check finds errors (links that lead
 * nowhere): one page at a time an editor can publish over them after reading them, in bulk nobody
 * reads them, so those pages are refused and named. The pages being published together count as
 * live for each other's links; a page refused takes its address out again, so the check repeats
 * until no newly refused page remains. A page that is live without unpublished changes is left as
 * it is (no new revision, audit entry or webhook for nothing) and reported as done.
 */
async function bulkPublish(
  app: FastifyInstance,
  ids: string[],
  context: BulkContext,
): Promise<Map<string, BulkResult>> {
  const results = new Map<string, BulkResult>();
  let candidates: string[] = [];
  const drafts = new Map((await findDraftPagesByIds(app.db, ids)).map((page) => [page.id, page]));
  for (const id of ids) {
    const page = drafts.get(id);
    if (!page) results.set(id, notFoundResult(id));
    else if (page.is_published && !page.has_unpublished_changes) results.set(id, { id, ok: true });
    else candidates.push(id);
  }

  let versions = new Map<string, number>();
  while (candidates.length > 0) {
    const checks = await checkPageDrafts(app, candidates);
    const refused: string[] = [];
    for (const id of candidates) {
      const check = checks.get(id);
      if (!check) {
        results.set(id, notFoundResult(id));
        refused.push(id);
        continue;
      }
      const errors = check.findings.filter((finding) => finding.level === 'error');
      if (errors.length > 0) {
        refused.push(id);
        results.set(id, {
          id,
          ok: false,
          error: {
            code: 'publish_check_errors',
            message:
              errors.length === 1
                ? `The publish check found an error: ${errors[0]!.message} Open the page and publish it from there to review it.`
                : `The publish check found ${errors.length} errors, the first: ${errors[0]!.message} Open the page and publish it from there to review them.`,
          },
        });
      }
    }
    versions = new Map([...checks].map(([id, check]) => [id, check.version]));
    if (refused.length === 0) break;
    candidates = candidates.filter((id) => !refused.includes(id));
  }

  for (const id of candidates) {
    try {
      // The version that was checked: a draft changed since is refused with a version conflict
      // rather than published unchecked.
      const { page, paths } = await publishPage(app.db, id, {
        actor: context.actor,
        origin: context.origin,
        version: versions.get(id),
      });
      app.contentChanged({ pageId: page.id, paths });
      results.set(id, { id, ok: true });
    } catch (error) {
      results.set(id, failureOf(app, id, error));
    }
  }
  return results;
}
