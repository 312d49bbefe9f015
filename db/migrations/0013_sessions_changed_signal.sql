-- ADR 046: who a session cookie belongs to is kept in memory and dropped when sessions, accounts
-- or the sign-in policy change. Every statement that writes one of those tables signals it on one
-- channel, whichever process or instance wrote (the server, the CLI, another instance, a restore);
-- PostgreSQL sends the signal when the transaction commits, once however many statements it ran.
CREATE FUNCTION "signal_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cenote_sessions_changed', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_signal_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "signal_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_signal_sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "signal_sessions_changed"();
--> statement-breakpoint
CREATE TRIGGER "security_settings_signal_sessions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "security_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "signal_sessions_changed"();
