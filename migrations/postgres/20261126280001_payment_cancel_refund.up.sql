-- A coupon use held by a checkout lasts as long as that checkout's intent can be charged: the hold
-- names its checkout (the intent's idempotency key), and a lapsed hold is given back only after its
-- intent was cancelled at the provider. A payment record remembers its checkout, its cancellation
-- and the refund of a charge that could no longer be honoured (issue 28).
ALTER TABLE coupon_reservations ADD COLUMN checkout TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE payments ADD COLUMN checkout TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE payments ADD COLUMN canceled_at TIMESTAMPTZ;
--bun:split
ALTER TABLE payments ADD COLUMN refund_id TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE simulated_payment_intents ADD COLUMN amount_refunded BIGINT NOT NULL DEFAULT 0;
