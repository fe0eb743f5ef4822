-- (0071_suspensions.sqlite.sql is the same, less the index for name prefixes: its own one serves.)
-- Suspended accounts. While suspended_at is set the account's lists are out of everything
-- public (lists.is_public is the author's choice, unless a moderator hid the list or its
-- owner is suspended) and its comments are hidden for everyone else; suspended_until (NULL:
-- until a moderator restores it) is when sign-in works again and the sweep restores it.
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
ALTER TABLE users ADD COLUMN suspended_until BIGINT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX users_suspended_until ON users (suspended_until) WHERE suspended_until IS NOT NULL;

-- A comment hidden because its author is suspended (not by a moderator): restoring the
-- account shows exactly these again.
ALTER TABLE comments ADD COLUMN suspension_hidden BOOLEAN NOT NULL DEFAULT FALSE;

-- What an account-level action said (the reason and end date of a suspension).
ALTER TABLE moderation_actions ADD COLUMN detail TEXT NOT NULL DEFAULT '';
-- The actions about one account or one piece of content, for its page in /moderation.
CREATE INDEX moderation_actions_target ON moderation_actions (kind, target_key, created_at);

-- Moderators find accounts by the start of a name: in byte order ("C"), so a prefix is a
-- range of this index (SQLite's own index on name_key already compares bytes).
CREATE INDEX users_name_key_bytes ON users ((name_key COLLATE "C"));
