-- Beneficial owners of Top verifications, and the declaration that there are none (issue 23).
-- ownership is in hundredths of a percent; controls is a comma list (shares, voting_rights,
-- appoint_board, other). Rows are deleted softly, like representatives.
CREATE TABLE beneficial_owners (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id      BIGINT NOT NULL REFERENCES verifications (id),
    full_name            TEXT NOT NULL DEFAULT '',
    date_of_birth        TEXT NOT NULL DEFAULT '',
    nationality          TEXT NOT NULL DEFAULT '',
    country_of_residence TEXT NOT NULL DEFAULT '',
    ownership            INTEGER NOT NULL DEFAULT 0,
    controls             TEXT NOT NULL DEFAULT '',
    control_text         TEXT NOT NULL DEFAULT '',
    document_file_id     BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at           TIMESTAMP NOT NULL,
    updated_at           TIMESTAMP NOT NULL,
    deleted_at           TIMESTAMP
);
--bun:split
CREATE INDEX beneficial_owners_verification_idx ON beneficial_owners (verification_id, id);
--bun:split
CREATE TABLE ownership_declarations (
    verification_id    BIGINT PRIMARY KEY REFERENCES verifications (id),
    senior_official_id BIGINT NOT NULL REFERENCES representatives (id),
    threshold          INTEGER NOT NULL,
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    withdrawn_at       TIMESTAMP
);
--bun:split
-- A run records whether the declaration stood when it ran, so that a certificate claims beneficial
-- ownership only on the facts that were screened.
ALTER TABLE screening_runs ADD COLUMN ownership_declared BOOLEAN NOT NULL DEFAULT FALSE;
--bun:split
-- SQLite cannot change a CHECK constraint: the subjects table is rebuilt with beneficial owners
-- allowed (no other table refers to it).
CREATE TABLE screening_subjects_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id      BIGINT NOT NULL REFERENCES screening_runs (id),
    subject_key TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('company', 'representative', 'beneficial_owner', 'bank')),
    name        TEXT NOT NULL,
    details     TEXT NOT NULL,
    digest      TEXT NOT NULL,
    checks      TEXT NOT NULL, -- JSON: the jurisdiction and KYC checks with their findings
    UNIQUE (run_id, subject_key)
);
--bun:split
INSERT INTO screening_subjects_new (id, run_id, subject_key, kind, name, details, digest, checks)
    SELECT id, run_id, subject_key, kind, name, details, digest, checks FROM screening_subjects;
--bun:split
DROP TABLE screening_subjects;
--bun:split
ALTER TABLE screening_subjects_new RENAME TO screening_subjects;
