import type { Database } from '../../platform/db/client.server';
import { notFound } from '../../platform/http/app-error.server';
import { signingKey } from '../auth/server-secret.server';
import type { PageRow } from '../pages/pages.table';
import { getDraftPage, type VisibleBlock } from '../pages/pages.service.server';
import { previewLinkLifetimeMs, signPreviewToken, verifyPreviewToken } from './preview-token.server';

export interface PreviewLink {
  url: string;
  expiresAt: Date;
}

/**
 * A link that shows this page's draft to anyone who has it, signed in or not, for 24 hours
 * (decision 33, ADR 021). Nothing is stored: the link carries the page id and its expiry, signed.
 */
export async function createPreviewLink(
  db: Database,
  pageId: string,
  options: { now: Date; publicUrl: string },
): Promise<PreviewLink> {
  if (!(await getDraftPage(db, pageId))) throw notFound('Page');
  // Whole seconds, so expires_at is exactly the moment the token stops working.
  const expiresAt = new Date(Math.floor((options.now.getTime() + previewLinkLifetimeMs) / 1000) * 1000);
  const token = signPreviewToken(await signingKey(db, 'preview-link'), pageId, expiresAt);
  return { url: `${options.publicUrl}/preview/${token}`, expiresAt };
}

export type PreviewOpening =
  | { status: 'ok'; page: PageRow; blocks: VisibleBlock[] }
  /** A genuine link past its 24 hours. */
  | { status: 'expired' }
  /** Not a link this server made (mistyped, cut short, altered). */
  | { status: 'invalid' }
  /** A genuine link to a page that is in Trash or deleted. */
  | { status: 'missing' };

/** What a preview link shows now: the page's draft with its active blocks, or why not. */
export async function openPreview(db: Database, token: string, now: Date): Promise<PreviewOpening> {
  const check = verifyPreviewToken(await signingKey(db, 'preview-link'), token, now);
  if (check.status !== 'valid') return { status: check.status };
  const draft = await getDraftPage(db, check.pageId);
  return draft ? { status: 'ok', ...draft } : { status: 'missing' };
}
