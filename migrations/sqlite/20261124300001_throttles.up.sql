-- Throttles (sign-in, registration, password reset, coupon checks) counted in the database. One
-- row per key: the SHA-256 of what is counted (an address, an e-mail, a user), never the address
-- or e-mail itself, and the key's theoretical arrival time (GCRA) in Unix milliseconds.
-- (PostgreSQL also gets a trigger that tells other servers to forget cached public certificates;
-- a SQLite file has one server.)
CREATE TABLE throttles (
    key    TEXT PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);
--bun:split
CREATE INDEX throttles_tat_idx ON throttles (tat_ms);
