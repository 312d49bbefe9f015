ALTER TABLE "pages" DROP CONSTRAINT "pages_slug_unique";--> statement-breakpoint
ALTER TABLE "published_pages" DROP CONSTRAINT "published_pages_slug_unique";--> statement-breakpoint
DROP INDEX "navigation_items_menu_parent_order_idx";--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "translation_of" uuid;--> statement-breakpoint
ALTER TABLE "navigation_items" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "alt_text_es" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "caption_es" text;--> statement-breakpoint
ALTER TABLE "published_pages" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_translation_of_pages_id_fk" FOREIGN KEY ("translation_of") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "navigation_items_menu_parent_order_idx" ON "navigation_items" USING btree ("locale","menu_type","parent_id","display_order");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_locale_slug_unique" UNIQUE("locale","slug");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_translation_unique" UNIQUE("translation_of","locale");--> statement-breakpoint
ALTER TABLE "published_pages" ADD CONSTRAINT "published_pages_locale_slug_unique" UNIQUE("locale","slug");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_locale_known" CHECK ("pages"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_translation_is_spanish" CHECK (("pages"."translation_of" is null) = ("pages"."locale" = 'en'));