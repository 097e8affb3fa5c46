-- Top-tier checks: versioned jurisdiction lists, screening runs with their subjects, the hits a
-- run finds and the reviewers' decisions on them, and each verification's screening at a glance.
-- Structured results are JSON text, as for list entries: nothing queries inside them.
CREATE TABLE jurisdiction_list_versions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    publisher     TEXT NOT NULL,
    published_at  TIMESTAMP NOT NULL,
    source        TEXT NOT NULL,
    jurisdictions TEXT NOT NULL, -- JSON: [{"country": "KP", "name": "…", "category": "high_risk"}]
    sha256        TEXT NOT NULL,
    imported_at   TIMESTAMP NOT NULL,
    imported_by   TEXT NOT NULL,
    in_force      BOOLEAN NOT NULL DEFAULT 0
);
--bun:split
CREATE UNIQUE INDEX jurisdiction_list_versions_in_force_idx ON jurisdiction_list_versions (in_force) WHERE in_force;
--bun:split
CREATE TABLE screening_runs (
    id                      INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id         BIGINT NOT NULL REFERENCES verifications (id),
    trigger                 TEXT NOT NULL CHECK (trigger IN ('submission', 'resubmission', 'list_update', 'daily')),
    status                  TEXT NOT NULL CHECK (status IN ('pending', 'running', 'done', 'failed')),
    created_at              TIMESTAMP NOT NULL,
    started_at              TIMESTAMP,
    finished_at             TIMESTAMP,
    engine_version          TEXT NOT NULL DEFAULT '',
    list_versions           TEXT NOT NULL DEFAULT '[]', -- JSON: ids of every list version used
    sanctions_versions      TEXT NOT NULL DEFAULT '[]', -- JSON: those holding sanctions entries
    pep_versions            TEXT NOT NULL DEFAULT '[]', -- JSON: those holding PEP entries
    jurisdiction_version_id BIGINT REFERENCES jurisdiction_list_versions (id),
    error                   TEXT NOT NULL DEFAULT ''
);
--bun:split
CREATE INDEX screening_runs_verification_idx ON screening_runs (verification_id, id);
--bun:split
CREATE TABLE screening_subjects (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    run_id      BIGINT NOT NULL REFERENCES screening_runs (id),
    subject_key TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('company', 'representative', 'bank')),
    name        TEXT NOT NULL,
    details     TEXT NOT NULL,
    digest      TEXT NOT NULL,
    checks      TEXT NOT NULL, -- JSON: the jurisdiction and KYC checks with their findings
    UNIQUE (run_id, subject_key)
);
--bun:split
CREATE TABLE screening_hits (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    verification_id    BIGINT NOT NULL REFERENCES verifications (id),
    subject_key        TEXT NOT NULL,
    check_kind         TEXT NOT NULL CHECK (check_kind IN ('sanctions', 'pep')),
    source             TEXT NOT NULL,
    source_id          TEXT NOT NULL,
    entry_version_id   BIGINT NOT NULL REFERENCES screening_list_versions (id),
    score              REAL NOT NULL,
    matched_name       TEXT NOT NULL,
    explanation        TEXT NOT NULL, -- JSON: the features of the score
    status             TEXT NOT NULL CHECK (status IN ('open', 'confirmed_match', 'false_positive', 'inconclusive')),
    reopened           BOOLEAN NOT NULL DEFAULT 0,
    decided_version_id BIGINT REFERENCES screening_list_versions (id),
    decided_digest     TEXT NOT NULL DEFAULT '',
    first_run_id       BIGINT NOT NULL REFERENCES screening_runs (id),
    last_run_id        BIGINT NOT NULL REFERENCES screening_runs (id),
    UNIQUE (verification_id, subject_key, source, source_id)
);
--bun:split
CREATE TABLE screening_hit_decisions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    hit_id      BIGINT NOT NULL REFERENCES screening_hits (id),
    outcome     TEXT NOT NULL CHECK (outcome IN ('confirmed_match', 'false_positive', 'inconclusive')),
    note        TEXT NOT NULL,
    actor_id    BIGINT REFERENCES users (id),
    actor_email TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX screening_hit_decisions_hit_idx ON screening_hit_decisions (hit_id, id);
--bun:split
CREATE TABLE screening_states (
    verification_id  BIGINT PRIMARY KEY REFERENCES verifications (id),
    latest_run_id    BIGINT REFERENCES screening_runs (id),
    latest_status    TEXT NOT NULL DEFAULT '',
    done_run_id      BIGINT REFERENCES screening_runs (id),
    open_items       INTEGER NOT NULL DEFAULT 0,
    flagged          BOOLEAN NOT NULL DEFAULT 0,
    published_run_id BIGINT REFERENCES screening_runs (id),
    pep_ack_by_id    BIGINT REFERENCES users (id),
    pep_ack_by       TEXT,
    pep_ack_note     TEXT,
    pep_ack_at       TIMESTAMP
);
--bun:split
-- The dashboard's "screening needs attention" filter and count read only these rows.
CREATE INDEX screening_states_attention_idx ON screening_states (verification_id) WHERE open_items > 0 OR flagged;
--bun:split
-- KYC: the same passport number in another company's verification (compared as PassportKey).
CREATE INDEX representatives_passport_key_idx ON representatives (UPPER(REPLACE(REPLACE(passport_number, ' ', ''), '-', '')));
