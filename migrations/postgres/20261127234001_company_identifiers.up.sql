-- The company's optional Legal Entity Identifier and VAT number (issue 23): checked on input, looked
-- up in GLEIF and VIES when a Top verification is screened.
ALTER TABLE company_infos ADD COLUMN lei TEXT NOT NULL DEFAULT '';
--bun:split
ALTER TABLE company_infos ADD COLUMN vat_number TEXT NOT NULL DEFAULT '';
