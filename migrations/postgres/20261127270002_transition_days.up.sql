-- The weekly submissions and decisions chart at a million verifications: counting a year of the
-- audit trail's transitions read 800,000 events per request (over a second). A count per UTC day
-- and series, kept by triggers in the inserting transaction like verification_counts, leaves a
-- few hundred rows to add up. SQLite keeps counting the events: its databases are small.
CREATE TABLE audit_transition_days (
    day    TIMESTAMPTZ NOT NULL,
    series TEXT NOT NULL,
    n      BIGINT NOT NULL,
    PRIMARY KEY (day, series)
);
--bun:split
-- The chart's series of one audit event: a submission, a decision (approved or rejected), or none.
CREATE FUNCTION audit_transition_series(from_status TEXT, to_status TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN from_status = 'draft' AND to_status IN ('submitted', 'in_review') THEN 'submitted'
                WHEN from_status IN ('submitted', 'in_review') AND to_status IN ('approved', 'rejected') THEN to_status END
$$;
--bun:split
INSERT INTO audit_transition_days (day, series, n)
SELECT date_trunc('day', created_at, 'UTC'), audit_transition_series(from_status, to_status), COUNT(*)
FROM audit_events WHERE audit_transition_series(from_status, to_status) IS NOT NULL GROUP BY 1, 2;
--bun:split
CREATE FUNCTION audit_transition_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE audit_transition_days d SET n = d.n - o.k
        FROM (SELECT date_trunc('day', created_at, 'UTC') AS day, audit_transition_series(from_status, to_status) AS series, COUNT(*) AS k
              FROM old_rows WHERE audit_transition_series(from_status, to_status) IS NOT NULL GROUP BY 1, 2) o
        WHERE d.day = o.day AND d.series = o.series;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO audit_transition_days AS d (day, series, n)
        SELECT date_trunc('day', created_at, 'UTC'), audit_transition_series(from_status, to_status), COUNT(*)
        FROM new_rows WHERE audit_transition_series(from_status, to_status) IS NOT NULL GROUP BY 1, 2
        ON CONFLICT (day, series) DO UPDATE SET n = d.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END
$$;
--bun:split
CREATE TRIGGER audit_transition_days_insert AFTER INSERT ON audit_events
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_transition_days_apply();
--bun:split
CREATE TRIGGER audit_transition_days_update AFTER UPDATE ON audit_events
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_transition_days_apply();
--bun:split
CREATE TRIGGER audit_transition_days_delete AFTER DELETE ON audit_events
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_transition_days_apply();
