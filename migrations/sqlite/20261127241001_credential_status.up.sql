-- Each certificate's place in the revocation status list (Bitstring Status List) its verifiable
-- credential points into: assigned once, at random, and never changed, so credentials issued at any
-- time read the same bit.
CREATE TABLE credential_status_entries (
    verification_id INTEGER PRIMARY KEY REFERENCES verifications (id),
    status_index    INTEGER NOT NULL UNIQUE CHECK (status_index >= 0)
);
