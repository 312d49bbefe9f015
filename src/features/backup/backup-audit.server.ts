import type { BackupSummary } from './backup.dto';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The audit log's sentence for a restore (decision 40): what replaced the site's content. */
export function restoreAuditSummary(summary: BackupSummary): string {
  return `Restored a backup: ${count(summary.pages, 'page', 'pages')} (${summary.published_pages} published), ${count(
    summary.navigation_items,
    'navigation item',
    'navigation items',
  )}, ${count(summary.images, 'image', 'images')}. The previous content and media were replaced.`;
}

/** The audit log's sentence for a download. */
export const exportAuditSummary = "Downloaded a backup of the whole site's content and media.";

/** What the log names as the thing acted on: the site's content as a whole. */
export const backupTarget = (label: string) => ({ type: 'backup', id: null, label });
