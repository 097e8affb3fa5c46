-- The admin list sorted by company at a million verifications: ordering by a lookup in
-- company_infos sorted every row (15 s). The verification carries its company's name (none until the
-- company section is saved), kept by triggers on company_infos, and an index orders by it.
ALTER TABLE verifications ADD COLUMN company_name TEXT;
--bun:split
UPDATE verifications AS v SET company_name = ci.company_name FROM company_infos AS ci WHERE ci.verification_id = v.id;
--bun:split
CREATE INDEX verifications_company_idx ON verifications (company_name, id) WHERE NOT deleted;
--bun:split
CREATE FUNCTION verification_company_name_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE verifications AS v SET company_name = NULL FROM old_rows AS o WHERE v.id = o.verification_id;
    ELSE
        UPDATE verifications AS v SET company_name = n.company_name FROM new_rows AS n
        WHERE v.id = n.verification_id AND v.company_name IS DISTINCT FROM n.company_name;
    END IF;
    RETURN NULL;
END
$$;
--bun:split
CREATE TRIGGER verification_company_name_insert AFTER INSERT ON company_infos
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_company_name_apply();
--bun:split
CREATE TRIGGER verification_company_name_update AFTER UPDATE ON company_infos
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_company_name_apply();
--bun:split
CREATE TRIGGER verification_company_name_delete AFTER DELETE ON company_infos
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verification_company_name_apply();
