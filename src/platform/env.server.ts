import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), { message: 'must start with postgres:// or postgresql://' });

/** The only reader of process.env (conventions: one zod schema, parsed once). */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) origin such as https://cenoteatlas.org' })
      .optional(),
    SMTP_URL: z
      .string()
      .refine((value) => /^smtps?:\/\//.test(value), { message: 'must start with smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Cenote Atlas <no-reply@localhost>'),
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url({ message: 'must be a URL such as https://s3.eu-west-1.amazonaws.com' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(6, { message: 'must be at least 6 characters' }).max(1024).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Cache hits answered before Fastify: a line each, or a summary every 10 s (ADR 036).
    LOG_CACHE_HITS: z.enum(['each', 'summary']).optional(),
    SEED: booleanFlag.default(true),
    WRITE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).max(1_000_000).default(240),
    WRITE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(600),
    JOBS_WORKER: booleanFlag.default(true),
    JOBS_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    SITE_TIME_ZONE: z
      .string()
      .default('America/Cancun')
      .refine((zone) => isTimeZone(zone), { message: 'must be an IANA time zone such as America/Cancun' }),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  admin: { email: string; password: string } | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Unset: a summary in JSON logs, a line each at a terminal. */
  logCacheHits: Env['LOG_CACHE_HITS'];
  /** Seed the sample content at start (on by default; tests that need an empty site turn it off). */
  seed: boolean;
  /** API writes (POST/PUT/PATCH/DELETE) allowed per minute per session and per client address. */
  writeLimits: { perSession: number; perAddress: number };
  /** The job queue's background worker: off for tools; how often it looks for due jobs. */
  jobs: { worker: boolean; pollMs: number };
  /**
   * Webhooks may post to private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=true):
   * for a receiver on the same private network, and for tests. Off by default (the SSRF guard).
   */
  webhooks: { allowPrivateTargets: boolean };
  /** The time zone editors schedule in (decision 34); the cenotes are in Quintana Roo. */
  siteTimeZone: string;
  /** Where content/ lives; the seed reads it. */
  contentDir: string;
  /** Where the committed SQL migrations live. */
  migrationsDir: string;
  /** Where build output (client assets, converted seed images) lives. */
  distDir: string;
}

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, projectRoot = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = source[name];
        return `Invalid configuration: ${name} ${issue.message}${value === undefined ? '' : ` (got "${redact(name, value)}")`}`;
      }),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(projectRoot, env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    logLevel: env.LOG_LEVEL,
    logCacheHits: env.LOG_CACHE_HITS,
    seed: env.SEED,
    writeLimits: { perSession: env.WRITE_LIMIT_PER_SESSION, perAddress: env.WRITE_LIMIT_PER_ADDRESS },
    jobs: { worker: env.JOBS_WORKER, pollMs: env.JOBS_POLL_MS },
    webhooks: { allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE },
    siteTimeZone: env.SITE_TIME_ZONE,
    contentDir: path.resolve(projectRoot, 'content'),
    migrationsDir: path.resolve(projectRoot, 'db', 'migrations'),
    distDir: path.resolve(projectRoot, 'dist'),
  };
}

function redact(name: string, value: string): string {
  if (/PASSWORD|SECRET|KEY/.test(name)) return '***';
  if (name === 'DATABASE_URL' || name === 'SMTP_URL') return value.replace(/\/\/[^@/]*@/, '//***@');
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
