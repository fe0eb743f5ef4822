-- A draft of a remix remembers the list it started from ('' for none), so the origin
-- survives a new tab or device until the remix is saved.
ALTER TABLE drafts ADD COLUMN remix_of_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE drafts ADD COLUMN remix_of_list_id TEXT NOT NULL DEFAULT '';
