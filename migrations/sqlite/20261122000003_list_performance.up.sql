-- Lists sorted by creation date, with and without a status filter. (SQLite has no trigram index;
-- e-mail search scans the users table, which is fine at the sizes SQLite serves.)
CREATE INDEX verifications_status_created_idx ON verifications (status, created_at DESC) WHERE deleted = 0;
--bun:split
CREATE INDEX verifications_created_idx ON verifications (created_at DESC) WHERE deleted = 0;
--bun:split
-- An e-mail search reads the matching users' rows per status; the count is then index-only.
CREATE INDEX verifications_user_status_created_idx ON verifications (user_id, status, created_at DESC) WHERE deleted = 0;
--bun:split
-- Live counts per status and tier (see the PostgreSQL migration); kept by row triggers.
CREATE TABLE verification_counts (
    status TEXT    NOT NULL,
    tier   TEXT    NOT NULL,
    n      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (status, tier)
);
--bun:split
INSERT INTO verification_counts (status, tier, n)
SELECT s.status, t.tier, (SELECT COUNT(*) FROM verifications v WHERE v.status = s.status AND v.tier = t.tier AND v.deleted = 0)
FROM (SELECT 'draft' AS status UNION ALL SELECT 'submitted' UNION ALL SELECT 'in_review' UNION ALL SELECT 'approved' UNION ALL SELECT 'rejected') AS s
CROSS JOIN (SELECT 'basic' AS tier UNION ALL SELECT 'top') AS t;
--bun:split
CREATE TRIGGER verification_counts_insert AFTER INSERT ON verifications WHEN NEW.deleted = 0
BEGIN
    UPDATE verification_counts SET n = n + 1 WHERE status = NEW.status AND tier = NEW.tier;
END;
--bun:split
CREATE TRIGGER verification_counts_update AFTER UPDATE OF status, tier, deleted ON verifications
BEGIN
    UPDATE verification_counts SET n = n - 1 WHERE OLD.deleted = 0 AND status = OLD.status AND tier = OLD.tier;
    UPDATE verification_counts SET n = n + 1 WHERE NEW.deleted = 0 AND status = NEW.status AND tier = NEW.tier;
END;
--bun:split
CREATE TRIGGER verification_counts_delete AFTER DELETE ON verifications WHEN OLD.deleted = 0
BEGIN
    UPDATE verification_counts SET n = n - 1 WHERE status = OLD.status AND tier = OLD.tier;
END;
