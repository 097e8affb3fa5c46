-- The admin list sorted by company: the verification carries its company's name (none until the
-- company section is saved), kept by triggers on company_infos, and an index orders by it.
ALTER TABLE verifications ADD COLUMN company_name TEXT;
--bun:split
UPDATE verifications SET company_name = (SELECT ci.company_name FROM company_infos AS ci WHERE ci.verification_id = verifications.id);
--bun:split
CREATE INDEX verifications_company_idx ON verifications (company_name, id) WHERE deleted = 0;
--bun:split
CREATE TRIGGER verification_company_name_insert AFTER INSERT ON company_infos
BEGIN
    UPDATE verifications SET company_name = NEW.company_name WHERE id = NEW.verification_id;
END;
--bun:split
CREATE TRIGGER verification_company_name_update AFTER UPDATE OF company_name ON company_infos
BEGIN
    UPDATE verifications SET company_name = NEW.company_name WHERE id = NEW.verification_id;
END;
--bun:split
CREATE TRIGGER verification_company_name_delete AFTER DELETE ON company_infos
BEGIN
    UPDATE verifications SET company_name = NULL WHERE id = OLD.verification_id;
END;
