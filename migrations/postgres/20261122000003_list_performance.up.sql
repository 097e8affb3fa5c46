-- Administrators search users by any part of their e-mail: a trigram index serves LIKE '%…%'.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--bun:split
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
--bun:split
-- Lists sorted by creation date, with and without a status filter.
CREATE INDEX verifications_status_created_idx ON verifications (status, created_at DESC) WHERE NOT deleted;
--bun:split
CREATE INDEX verifications_created_idx ON verifications (created_at DESC) WHERE NOT deleted;
--bun:split
-- An e-mail search reads the matching users' rows per status; the count is then index-only.
CREATE INDEX verifications_user_status_created_idx ON verifications (user_id, status, created_at DESC) WHERE NOT deleted;
--bun:split
-- Live counts per status and tier, so the review queue's totals and the dashboard's cards do not
-- count a million rows on every request. Kept by statement-level triggers in the same transaction.
CREATE TABLE verification_counts (
    status TEXT   NOT NULL,
    tier   TEXT   NOT NULL,
    n      BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (status, tier)
);
--bun:split
INSERT INTO verification_counts (status, tier, n)
SELECT s.status, t.tier, (SELECT COUNT(*) FROM verifications v WHERE v.status = s.status AND v.tier = t.tier AND NOT v.deleted)
FROM (VALUES ('draft'), ('submitted'), ('in_review'), ('approved'), ('rejected')) AS s (status)
CROSS JOIN (VALUES ('basic'), ('top')) AS t (tier);
--bun:split
CREATE FUNCTION verification_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE verification_counts c SET n = c.n - d.k
        FROM (SELECT status, tier, COUNT(*) AS k FROM old_rows WHERE NOT deleted GROUP BY status, tier) d
        WHERE c.status = d.status AND c.tier = d.tier;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        UPDATE verification_counts c SET n = c.n + d.k
        FROM (SELECT status, tier, COUNT(*) AS k FROM new_rows WHERE NOT deleted GROUP BY status, tier) d
        WHERE c.status = d.status AND c.tier = d.tier;
    END IF;
    RETURN NULL;
END
$$;
--bun:split
CREATE TRIGGER verification_counts_insert AFTER INSERT ON verifications
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_counts_apply();
--bun:split
CREATE TRIGGER verification_counts_update AFTER UPDATE ON verifications
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_counts_apply();
--bun:split
CREATE TRIGGER verification_counts_delete AFTER DELETE ON verifications
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_counts_apply();
