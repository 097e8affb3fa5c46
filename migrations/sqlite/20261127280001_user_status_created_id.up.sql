-- The PostgreSQL migration of the same name says why: the page's ids of an e-mail search come from
-- the index alone.
CREATE INDEX verifications_user_status_created_id_idx ON verifications (user_id, status, created_at DESC, id DESC) WHERE deleted = 0;
DROP INDEX verifications_user_status_created_idx;
