import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Backups spool to DATA_DIR/tmp (the volume that holds the data, not a RAM-backed /tmp) in one
 * folder per export, upload or restore, removed when it is done.
 */
export function backupTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'backups');
}

export async function makeBackupTempDir(dataDir: string, purpose: 'export' | 'upload' | 'restore'): Promise<string> {
  const root = backupTempRoot(dataDir);
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, `backup-${purpose}-`));
}

export async function removeTempDir(directory: string): Promise<void> {
  await rm(directory, { recursive: true, force: true });
}

/**
 * Folders a crashed process left behind. Only old ones go: another instance sharing DATA_DIR may
 * be in the middle of a backup right now.
 */
export async function removeStaleBackupTempDirs(dataDir: string, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  const root = backupTempRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith('backup-')) continue;
    const folder = path.join(root, name);
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await removeTempDir(folder);
  }
}
