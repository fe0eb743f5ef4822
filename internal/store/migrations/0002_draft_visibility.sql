-- A draft remembers the creator's Public switch too, so a restored draft loses nothing.
ALTER TABLE drafts ADD COLUMN is_public BOOLEAN NOT NULL DEFAULT TRUE;
