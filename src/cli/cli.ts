/**
 * Operator commands: `npm run cli -- <command>`.
 *   migrate                                  apply pending migrations
 *   seed [--reset-page SLUG]                 create sample content not yet seeded / restore one page
 *   user create --email E --password P [--name N] [--admin | --role R]
 *   user role --email E --role viewer|editor|admin
 *   export --out FILE                        write a backup archive (.tar.gz) of the site's content and media
 *   import --in FILE [--replace] [--dry-run] restore a backup archive (into an empty site unless --replace)
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pino from 'pino';
import {
  BackupError,
  createBackupStream,
  defaultBackupLimits,
  restoreBackupFile,
} from '../features/backup/backup.service.server';
import { recordAudit, type AuditActor } from '../features/audit/audit.server';
import { backupTarget, exportAuditSummary, restoreAuditSummary } from '../features/backup/backup-audit.server';
import { resetSeededPage, runSeed } from '../features/seed/seed.service.server';
import { contentChangedChannel } from '../features/page-cache/page-cache.plugin.server';
import { createMediaStore } from '../features/media/create-media-store.server';
import { createUser, roles, UserExistsError, type Role } from '../features/auth/users.service.server';
import { changeRoleByEmail } from '../features/users/users-admin.service.server';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.server';
import { clusterTemplateRoot } from '../platform/db/embedded-cluster.server';
import { ConfigError, loadConfig, type AppConfig } from '../platform/env.server';

const usage = `Usage: npm run cli -- <command>
  migrate
  seed [--reset-page SLUG]
  user create --email E --password P [--name N] [--admin | --role viewer|editor|admin]
  user role --email E --role viewer|editor|admin
  export --out FILE     back up pages, blocks, navigation, media, settings and image files (.tar.gz)
  import --in FILE [--replace] [--dry-run]
                        restore a backup (.tar.gz, or a version-1 .backup.gz). Without
                        --replace the site must be empty (start it with SEED=false); with it, the
                        content and media are replaced. --dry-run only checks and summarizes.
  (Backups hold no accounts: users, sessions and tokens stay with the instance.)`;

class UsageError extends Error {}

/** The audit log's name for whoever runs these commands: someone with shell access, not a user. */
const commandLine: AuditActor = { type: 'system', label: 'Command line' };

async function withDatabase<T>(config: AppConfig, run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    clusterTemplateDir: clusterTemplateRoot(config.distDir),
  });
  try {
    await handle.migrate(config.migrationsDir);
    return await run(handle);
  } finally {
    await handle.close();
  }
}

export async function runCli(argv: string[], config: AppConfig, out: (line: string) => void): Promise<void> {
  const [command, subcommand] = argv;
  const { values } = parseArgs({
    args: argv.slice(command === 'user' ? 2 : 1),
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      admin: { type: 'boolean', default: false },
      'reset-page': { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      replace: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const log = pino({ level: 'warn' });

  if (command === 'migrate') {
    await withDatabase(config, async () => {});
    out('Migrations applied.');
    return;
  }
  if (command === 'seed') {
    await withDatabase(config, async (handle) => {
      const { db } = handle;
      const context = { db, media: createMediaStore(config), config, log };
      const slug = values['reset-page'];
      if (slug) {
        await resetSeededPage(context, slug);
        // Running servers on the same PostgreSQL drop their cached copies of it.
        await handle.publish(contentChangedChannel, JSON.stringify({ origin: 'cli', change: { scope: 'site' } }));
        out(`Page "${slug}" restored to its seeded content.`);
        return;
      }
      const report = await runSeed(context);
      out(`Seed: ${report.created.length} created, ${report.skipped.length} already seeded.`);
    });
    return;
  }
  if (command === 'export') {
    const file = values.out;
    if (!file) throw new UsageError('--out is required');
    await withDatabase(config, async ({ db }) => {
      const backup = await createBackupStream({
        db,
        media: createMediaStore(config),
        dataDir: config.dataDir,
        publicUrl: config.publicUrl,
        log,
      });
      await pipeline(backup.stream, createWriteStream(file));
      const { files } = await backup.done;
      await recordAudit(db, {
        action: 'backup.exported',
        actor: commandLine,
        target: backupTarget(backup.filename),
        summary: exportAuditSummary,
      });
      out(`Backup written to ${file} (${(await stat(file)).size} bytes, ${files} media files).`);
    });
    return;
  }
  if (command === 'import') {
    const file = values.in;
    if (!file) throw new UsageError('--in is required');
    await stat(file).catch(() => {
      throw new UsageError(`No file at ${file}`);
    });
    const dryRun = values['dry-run'];
    await withDatabase(config, async (handle) => {
      const summary = await restoreBackupFile(
        file,
        // The command line has memory to spare: version-1 archives (one JSON document) up to 1 GB.
        {
          db: handle.db,
          media: createMediaStore(config),
          dataDir: config.dataDir,
          log,
          limits: { ...defaultBackupLimits, maxVersion1Bytes: 1024 ** 3 },
        },
        {
          dryRun,
          requireEmpty: !values.replace,
          onApplied: (tx, restored) =>
            recordAudit(tx, {
              action: 'backup.restored',
              actor: commandLine,
              target: backupTarget(path.basename(file)),
              summary: restoreAuditSummary(restored),
            }),
        },
      );
      if (!dryRun) {
        await handle.publish(contentChangedChannel, JSON.stringify({ origin: 'cli', change: { scope: 'site' } }));
      }
      out(
        `${dryRun ? 'The backup holds' : 'Imported'} ${summary.pages} pages (${summary.published_pages} published, ${summary.revisions} revisions), ${summary.blocks} blocks, ${summary.navigation_items} navigation items, ${summary.images} images (${summary.files} files).`,
      );
      for (const warning of summary.warnings) out(`Note: ${warning}`);
    });
    return;
  }
  if (command === 'user' && (subcommand === 'create' || subcommand === 'role')) {
    const email = values.email;
    if (!email) throw new UsageError('--email is required');
    const role = (values.admin ? 'admin' : (values.role ?? (subcommand === 'create' ? 'viewer' : undefined))) as
      Role | undefined;
    if (!role || !(roles as readonly string[]).includes(role)) {
      throw new UsageError(`--role must be one of ${roles.join(', ')}`);
    }
    await withDatabase(config, async ({ db }) => {
      if (subcommand === 'create') {
        if (!values.password) throw new UsageError('--password is required');
        const user = await createUser(db, {
          email,
          password: values.password,
          fullName: values.name,
          role,
          verified: true,
        });
        out(`Created ${user.role} ${user.email}.`);
      } else {
        // The Users screen's rules hold here too: the last active admin keeps the role.
        const user = await changeRoleByEmail(db, new Date(), email, role, {
          actor: { type: 'system', label: 'Command line' },
          ip: null,
        });
        if (!user) throw new UsageError(`No account has the e-mail ${email}`);
        out(`${user.email} is now ${user.role}.`);
      }
    });
    return;
  }
  throw new UsageError(command ? `Unknown command: ${argv.join(' ')}` : 'No command given');
}

const isMain =
  import.meta.url === `file://${process.argv[1]}` ||
  process.argv[1]?.endsWith('cli.ts') ||
  process.argv[1]?.endsWith('cli.js');
if (isMain) {
  try {
    const config = loadConfig(process.env, path.resolve(import.meta.dirname, '..', '..'));
    await runCli(process.argv.slice(2), config, (line) => console.log(line));
  } catch (error) {
    if (error instanceof ConfigError) for (const line of error.lines) console.error(line);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${usage}`);
    else if (error instanceof UserExistsError || error instanceof BackupError) console.error(error.message);
    else if (error && typeof error === 'object' && 'issues' in error) {
      for (const issue of (error as { issues: Array<{ path: unknown[]; message: string }> }).issues) {
        console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
      }
    } else console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
