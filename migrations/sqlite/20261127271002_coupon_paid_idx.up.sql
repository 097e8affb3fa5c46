-- The revenue chart's coupons: verifications a 100% coupon paid (payment ID "coupon_" and the
-- code; no payment row exists for them), read by payment date. The predicate is the chart query's
-- own (adapters/persistence/charts.go, paidByCoupon), so the planner can prove the index applies.
CREATE INDEX verifications_coupon_paid_idx ON verifications (payment_date, tier)
    WHERE payment_status = 'paid' AND substr(payment_id, 1, 7) = 'coupon_';
