/** Every table, for drizzle-kit (drizzle.config.ts), which compares them with the migrations. */
export * from '../features/pages/pages.table';
export * from '../features/blocks/blocks.table';
export * from '../features/navigation/navigation.table';
export * from '../features/media/media.table';
export * from '../features/settings/settings.table';
export * from '../features/auth/auth.table';
export * from '../features/seed/seed.table';
export * from '../features/search/search.table';
export * from '../features/publishing/publishing.table';
export * from '../platform/jobs/jobs.table';
export * from '../features/audit/audit.table';
export * from '../features/webhooks/webhooks.table';
export * from '../features/redirects/redirects.table';
