-- A checkout holds one use of a limited coupon from the moment its intent is opened until it is
-- paid or the hold expires, so that parallel checkouts cannot all be promised the last use.
-- One hold per verification: opening a checkout with another coupon moves the hold.
CREATE TABLE coupon_reservations (
    verification_id BIGINT PRIMARY KEY REFERENCES verifications (id),
    coupon_code     TEXT NOT NULL REFERENCES coupons (code),
    created_at      TIMESTAMP NOT NULL,
    expires_at      TIMESTAMP NOT NULL
);
--bun:split
CREATE INDEX coupon_reservations_code_idx ON coupon_reservations (coupon_code, expires_at);
