CREATE TABLE "page_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"note" text,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_revisions_page_number_unique" UNIQUE("page_id","number"),
	CONSTRAINT "page_revisions_kind" CHECK ("page_revisions"."kind" in ('published', 'saved', 'autosave', 'restored'))
);
--> statement-breakpoint
CREATE TABLE "published_pages" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"revision_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"page_type" text DEFAULT 'standard' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"og_title" text,
	"og_description" text,
	"og_image" text,
	"twitter_title" text,
	"twitter_description" text,
	"twitter_image" text,
	"canonical_url" text,
	"structured_data" jsonb,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "published_pages_slug_format" CHECK ("published_pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "has_unpublished_changes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_pages" ADD CONSTRAINT "published_pages_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_revisions_page_created_idx" ON "page_revisions" USING btree ("page_id","created_at");--> statement-breakpoint
CREATE INDEX "pages_deleted_at_idx" ON "pages" USING btree ("deleted_at");--> statement-breakpoint
-- Existing pages become drafts with history (decisions 30, 31), nothing lost: every page gets a
-- first revision holding its fields and all its blocks; a published one's revision is 'published'
-- and its live copy (active blocks) is what visitors keep seeing.
INSERT INTO "page_revisions" ("page_id", "number", "kind", "author_id", "author_name", "note", "snapshot", "created_at")
SELECT p."id", 1, CASE WHEN p."is_published" THEN 'published' ELSE 'saved' END, NULL, 'Cenote Atlas',
  'The page as it was before drafts and revisions existed',
  jsonb_build_object(
    'page', jsonb_build_object(
      'slug', p."slug", 'title', p."title", 'excerpt', p."excerpt", 'page_type', p."page_type",
      'meta_title', p."meta_title", 'meta_description', p."meta_description",
      'og_title', p."og_title", 'og_description', p."og_description", 'og_image', p."og_image",
      'twitter_title', p."twitter_title", 'twitter_description', p."twitter_description",
      'twitter_image', p."twitter_image", 'canonical_url', p."canonical_url",
      'structured_data', p."structured_data"),
    'blocks', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', b."id", 'block_type', b."block_type", 'block_data', b."block_data",
        'block_order', b."block_order", 'is_active', b."is_active", 'version', b."version")
        ORDER BY b."block_order", b."id")
      FROM "content_blocks" b WHERE b."page_id" = p."id"), '[]'::jsonb)),
  p."updated_at"
FROM "pages" p;
--> statement-breakpoint
INSERT INTO "published_pages" ("page_id", "revision_id", "slug", "title", "excerpt", "page_type", "meta_title",
  "meta_description", "og_title", "og_description", "og_image", "twitter_title", "twitter_description",
  "twitter_image", "canonical_url", "structured_data", "blocks", "version", "published_at")
SELECT p."id", r."id", p."slug", p."title", p."excerpt", p."page_type", p."meta_title", p."meta_description",
  p."og_title", p."og_description", p."og_image", p."twitter_title", p."twitter_description", p."twitter_image",
  p."canonical_url", p."structured_data",
  coalesce((SELECT jsonb_agg(block ORDER BY (block->>'block_order')::int)
    FROM jsonb_array_elements(r."snapshot"->'blocks') AS block WHERE (block->>'is_active')::boolean), '[]'::jsonb),
  p."version", p."updated_at"
FROM "pages" p JOIN "page_revisions" r ON r."page_id" = p."id" AND r."number" = 1
WHERE p."is_published";
--> statement-breakpoint
UPDATE "pages" SET "published_at" = "updated_at" WHERE "is_published";
