-- ADR 044: what editors read of pages and blocks (the page list, one page, its blocks) is kept in
-- memory and dropped when those rows change. Every statement that writes pages or blocks signals
-- it on one channel, whichever process or instance wrote (the server, the CLI, another instance);
-- PostgreSQL sends the signal when the transaction commits, once however many statements it ran.
CREATE FUNCTION "signal_pages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cenote_pages_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "pages_signal_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pages"
	FOR EACH STATEMENT EXECUTE FUNCTION "signal_pages_changed"();
--> statement-breakpoint
CREATE TRIGGER "content_blocks_signal_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_blocks"
	FOR EACH STATEMENT EXECUTE FUNCTION "signal_pages_changed"();
