-- Every attempt to download and import a list (`screening fetch` and the scheduled refresh): the
-- admin screening page shows each list's last successful fetch and last attempt from it, and the
-- refresh reads it to decide which lists are due and which are out of date. Rows are never deleted:
-- they are the record that the lists were kept up to date.
CREATE TABLE screening_fetch_attempts (
    id          BIGSERIAL PRIMARY KEY,
    source      TEXT        NOT NULL,
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ NOT NULL,
    ok          BOOLEAN     NOT NULL,
    error       TEXT        NOT NULL DEFAULT '', -- in plain words; empty when ok
    by_actor    TEXT        NOT NULL,            -- "scheduler", "system" (the CLI) or an administrator's e-mail
    version_id  BIGINT REFERENCES screening_list_versions (id) -- the version in force after a success
);
--bun:split
CREATE INDEX screening_fetch_attempts_source_idx ON screening_fetch_attempts (source, id);
