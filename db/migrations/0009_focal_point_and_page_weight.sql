ALTER TABLE "images" ADD COLUMN "focal_x" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "focal_y" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "performance_settings" ADD COLUMN "page_weight_budget_kb" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_focal_point_range" CHECK ("images"."focal_x" between 0 and 100 and "images"."focal_y" between 0 and 100);--> statement-breakpoint
ALTER TABLE "performance_settings" ADD CONSTRAINT "performance_settings_page_weight_budget_range" CHECK ("performance_settings"."page_weight_budget_kb" between 100 and 20000);