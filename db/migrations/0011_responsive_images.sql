ALTER TABLE "images" ADD COLUMN "medium_webp_url" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "medium_avif_url" text;