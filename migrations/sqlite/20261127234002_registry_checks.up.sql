-- Identifier checks of Top verifications (issue 23): the LEI in GLEIF, the VAT number in VIES, the
-- BIC's country; one row per check, from a screening run (run_id) or a reviewer's "check again".
CREATE TABLE registry_checks (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id BIGINT NOT NULL REFERENCES verifications (id),
    run_id          BIGINT REFERENCES screening_runs (id),
    registry        TEXT NOT NULL CHECK (registry IN ('gleif', 'vies', 'bic')),
    identifier      TEXT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('match', 'mismatch', 'not_found', 'lapsed', 'unavailable', 'not_checked')),
    summary         TEXT NOT NULL,
    differences     TEXT NOT NULL, -- JSON: [{"field", "entered", "registered", "match"}]
    checked_at      TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX registry_checks_verification_idx ON registry_checks (verification_id, registry, id);
