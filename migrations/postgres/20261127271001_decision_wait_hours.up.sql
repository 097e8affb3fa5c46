-- The time-to-decision chart at a million verifications: ranking a year of decisions by their wait
-- read 400,000 events and looked up each one's entry into review (seconds per request). A count
-- per UTC week (from Monday) and whole hour of wait, kept by triggers in the inserting transaction
-- like audit_transition_days, leaves a few thousand rows (an hour is precise enough against a
-- promise of days) from which the median and the 90th percentile are read by running count.
-- SQLite keeps ranking the events: its databases are small.
CREATE TABLE decision_wait_hours (
    week   TIMESTAMPTZ NOT NULL,
    hours  BIGINT NOT NULL,
    n      BIGINT NOT NULL,
    PRIMARY KEY (week, hours)
);
--bun:split
-- A decision's wait in whole hours: from the verification's last entry into review
-- before it (payment, paid resubmission, paid upgrade; not a claim or a first approval, which
-- leave it in review), else from its payment; NULL when neither is known.
CREATE FUNCTION decision_wait_hours_of(event_id BIGINT, verification BIGINT, decided TIMESTAMPTZ) RETURNS BIGINT LANGUAGE sql STABLE AS $$
    SELECT FLOOR(EXTRACT(EPOCH FROM (decided - COALESCE(
        (SELECT x.created_at FROM audit_events AS x WHERE x.verification_id = verification AND x.to_status = 'in_review'
            AND COALESCE(x.from_status, '') <> 'in_review' AND x.id < event_id ORDER BY x.id DESC LIMIT 1),
        (SELECT v.payment_date FROM verifications AS v WHERE v.id = verification)))) / 3600)::bigint
$$;
--bun:split
CREATE FUNCTION is_decision(from_status TEXT, to_status TEXT) RETURNS BOOLEAN LANGUAGE sql IMMUTABLE AS $$
    SELECT from_status IN ('submitted', 'in_review') AND to_status IN ('approved', 'rejected')
$$;
--bun:split
INSERT INTO decision_wait_hours (week, hours, n)
SELECT week, hours, COUNT(*) FROM (
    SELECT date_trunc('week', created_at, 'UTC') AS week, decision_wait_hours_of(id, verification_id, created_at) AS hours
    FROM audit_events WHERE is_decision(from_status, to_status)) AS w
WHERE hours IS NOT NULL GROUP BY 1, 2;
--bun:split
CREATE FUNCTION decision_wait_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE decision_wait_hours d SET n = d.n - o.k
        FROM (SELECT week, hours, COUNT(*) AS k FROM (
                SELECT date_trunc('week', created_at, 'UTC') AS week, decision_wait_hours_of(id, verification_id, created_at) AS hours
                FROM old_rows WHERE is_decision(from_status, to_status)) AS w
              WHERE hours IS NOT NULL GROUP BY 1, 2) o
        WHERE d.week = o.week AND d.hours = o.hours;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO decision_wait_hours AS d (week, hours, n)
        SELECT week, hours, COUNT(*) FROM (
            SELECT date_trunc('week', created_at, 'UTC') AS week, decision_wait_hours_of(id, verification_id, created_at) AS hours
            FROM new_rows WHERE is_decision(from_status, to_status)) AS w
        WHERE hours IS NOT NULL GROUP BY 1, 2
        ON CONFLICT (week, hours) DO UPDATE SET n = d.n + EXCLUDED.n;
    END IF;
    RETURN NULL;
END
$$;
--bun:split
CREATE TRIGGER decision_wait_hours_insert AFTER INSERT ON audit_events
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION decision_wait_hours_apply();
--bun:split
CREATE TRIGGER decision_wait_hours_update AFTER UPDATE ON audit_events
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION decision_wait_hours_apply();
--bun:split
CREATE TRIGGER decision_wait_hours_delete AFTER DELETE ON audit_events
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION decision_wait_hours_apply();
