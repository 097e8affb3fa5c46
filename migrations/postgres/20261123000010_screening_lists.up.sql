-- Sanctions and PEP lists: one row per import (a list version), the entries of every version,
-- and what each version changed against the one before it. Versions are never deleted: a
-- screening names the versions it ran against, and their raw files stay in the blob store.
CREATE TABLE screening_list_versions (
    id             BIGSERIAL PRIMARY KEY,
    source         TEXT    NOT NULL,
    published_at   TIMESTAMPTZ,
    sha256         TEXT    NOT NULL,
    entry_count    INTEGER NOT NULL,
    imported_at    TIMESTAMPTZ NOT NULL,
    imported_by    TEXT    NOT NULL,
    parser_version TEXT    NOT NULL,
    files          TEXT    NOT NULL, -- JSON: [{name, key, size, sha256}], the raw files in the blob store
    added          INTEGER NOT NULL,
    removed        INTEGER NOT NULL,
    changed        INTEGER NOT NULL,
    previous_id    BIGINT REFERENCES screening_list_versions (id),
    in_force       BOOLEAN NOT NULL DEFAULT FALSE
);
--bun:split
-- At most one version of a list is in force; two imports racing for it cannot both win.
CREATE UNIQUE INDEX screening_list_versions_in_force_idx ON screening_list_versions (source) WHERE in_force;
--bun:split
CREATE INDEX screening_list_versions_source_idx ON screening_list_versions (source, imported_at DESC);
--bun:split
-- Structured fields are JSON text: the index build reads every entry in force in one scan of
-- one table, with no joins to child tables.
CREATE TABLE screening_entries (
    id             BIGSERIAL PRIMARY KEY,
    version_id     BIGINT  NOT NULL REFERENCES screening_list_versions (id),
    source_id      TEXT    NOT NULL,
    kind           TEXT    NOT NULL CHECK (kind IN ('person', 'organisation', 'vessel', 'aircraft', 'unknown')),
    name           TEXT    NOT NULL,
    aliases        TEXT    NOT NULL, -- JSON: ["…"]
    dates_of_birth TEXT    NOT NULL, -- JSON: [[from year, month, day, to year, month, day]], 0 for unknown parts
    countries      TEXT    NOT NULL, -- JSON: ["GB"]
    identifiers    TEXT    NOT NULL, -- JSON: [{"t": type, "v": value, "c": country, "l": publisher's label}]
    programs       TEXT    NOT NULL, -- JSON: ["…"]
    topics         TEXT    NOT NULL, -- JSON: ["sanction", "role.pep"]
    remarks        TEXT    NOT NULL
);
--bun:split
CREATE UNIQUE INDEX screening_entries_version_source_idx ON screening_entries (version_id, source_id);
--bun:split
CREATE TABLE screening_list_changes (
    version_id BIGINT NOT NULL REFERENCES screening_list_versions (id),
    source_id  TEXT   NOT NULL,
    change     TEXT   NOT NULL CHECK (change IN ('added', 'removed', 'changed')),
    name       TEXT   NOT NULL,
    PRIMARY KEY (version_id, source_id)
);
