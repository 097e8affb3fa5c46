-- Throttles (sign-in, registration, password reset, coupon checks) counted in the database, so
-- every server behind a load balancer counts the same attempts. One row per key: the SHA-256 of
-- what is counted (an address, an e-mail, a user), never the address or e-mail itself, and the
-- key's theoretical arrival time (GCRA) in Unix milliseconds. Unlogged: the counts are worth
-- nothing after a crash and need no WAL.
CREATE UNLOGGED TABLE throttles (
    key    TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
--bun:split
CREATE INDEX throttles_tat_idx ON throttles (tat_ms);
--bun:split
-- Every server keeps public certificates in memory for PUBLIC_CACHE_TTL. A change to an approved
-- verification (revocation, deletion, an upgrade back to review) tells every server to forget its
-- entry: NOTIFY inside the changing transaction is delivered when it commits (never when it rolls
-- back), so no server re-reads the old state. Only approved verifications are ever cached.
CREATE FUNCTION notify_public_cache() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('public_cache', OLD.public_id);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--bun:split
CREATE TRIGGER verifications_public_cache AFTER UPDATE OR DELETE ON verifications
    FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION notify_public_cache();
