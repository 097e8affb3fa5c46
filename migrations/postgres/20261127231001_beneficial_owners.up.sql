-- Beneficial owners of Top verifications, and the declaration that there are none (issue 23).
-- ownership is in hundredths of a percent; controls is a comma list (shares, voting_rights,
-- appoint_board, other). Rows are deleted softly, like representatives.
CREATE TABLE beneficial_owners (
    id                   BIGSERIAL PRIMARY KEY,
    verification_id      BIGINT NOT NULL REFERENCES verifications (id),
    full_name            TEXT NOT NULL DEFAULT '',
    date_of_birth        TEXT NOT NULL DEFAULT '',
    nationality          TEXT NOT NULL DEFAULT '',
    country_of_residence TEXT NOT NULL DEFAULT '',
    ownership            INTEGER NOT NULL DEFAULT 0,
    controls             TEXT NOT NULL DEFAULT '',
    control_text         TEXT NOT NULL DEFAULT '',
    document_file_id     BIGINT REFERENCES documents (id) ON DELETE SET NULL,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL,
    deleted_at           TIMESTAMPTZ
);
--bun:split
CREATE INDEX beneficial_owners_verification_idx ON beneficial_owners (verification_id, id);
--bun:split
CREATE TABLE ownership_declarations (
    verification_id    BIGINT PRIMARY KEY REFERENCES verifications (id),
    senior_official_id BIGINT NOT NULL REFERENCES representatives (id),
    threshold          INTEGER NOT NULL,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    withdrawn_at       TIMESTAMPTZ
);
--bun:split
-- A run records whether the declaration stood when it ran, so that a certificate claims beneficial
-- ownership only on the facts that were screened.
ALTER TABLE screening_runs ADD COLUMN ownership_declared BOOLEAN NOT NULL DEFAULT FALSE;
--bun:split
ALTER TABLE screening_subjects DROP CONSTRAINT screening_subjects_kind_check;
--bun:split
ALTER TABLE screening_subjects ADD CONSTRAINT screening_subjects_kind_check
    CHECK (kind IN ('company', 'representative', 'beneficial_owner', 'bank'));
