CREATE TABLE "page_search" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"body_text" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_search" ADD CONSTRAINT "page_search_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_search_document_idx" ON "page_search" USING gin ("document");