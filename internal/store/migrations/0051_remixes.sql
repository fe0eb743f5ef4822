-- A remix remembers the list it started from (both '' for an original list; no foreign
-- key: the original may be deleted, the remix stays). remix_count is the original's
-- public remixes, kept in step by CreateList/UpdateList/DeleteList (remixes.go).
ALTER TABLE lists ADD COLUMN remix_of_user_id TEXT NOT NULL DEFAULT '';
ALTER TABLE lists ADD COLUMN remix_of_list_id TEXT NOT NULL DEFAULT '';
ALTER TABLE lists ADD COLUMN remix_count INTEGER NOT NULL DEFAULT 0;
-- An original's public remixes, newest first, a page at a time.
CREATE INDEX lists_remixes ON lists (remix_of_user_id, remix_of_list_id, created_at, user_id, id)
    WHERE is_public = TRUE AND remix_of_list_id <> '';
