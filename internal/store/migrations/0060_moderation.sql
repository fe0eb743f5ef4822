-- Community care: admins, moderation, reports and blocks.

ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT FALSE;
-- How many users this user blocked plus how much they reported, kept in step by
-- blocks.go and reports.go: a reader with none (most) skips the per-page check of what
-- to leave out for them.
ALTER TABLE users ADD COLUMN filter_count INTEGER NOT NULL DEFAULT 0;

-- lists.is_public is what every index, count and aggregate reads as "public": the
-- author's choice (chosen_public) unless a moderator hid the list (hidden_at). Hiding a
-- list therefore takes it out of browse, home, search and the counts exactly as making
-- it private would, and restoring puts back the author's choice.
ALTER TABLE lists ADD COLUMN chosen_public BOOLEAN NOT NULL DEFAULT TRUE;
UPDATE lists SET chosen_public = is_public;
ALTER TABLE lists ADD COLUMN hidden_at BIGINT;

-- A hidden comment is shown only to its author and admins; lists.comment_count counts
-- the comments everyone sees (not hidden, and not a reply to a hidden comment).
ALTER TABLE comments ADD COLUMN hidden_at BIGINT;

-- What a moderator looks at: one row per reported thing (kind 'list' with key
-- 'userId/listId', or 'comment' with the comment id), its reports counted by reason.
CREATE TABLE report_targets (
    kind            TEXT NOT NULL,
    target_key      TEXT NOT NULL,
    status          TEXT NOT NULL, -- open, hidden, dismissed, restored
    report_count    INTEGER NOT NULL DEFAULT 0,
    spam            INTEGER NOT NULL DEFAULT 0,
    harassment      INTEGER NOT NULL DEFAULT 0,
    spoiler         INTEGER NOT NULL DEFAULT 0,
    other           INTEGER NOT NULL DEFAULT 0,
    first_at        BIGINT NOT NULL,
    last_at         BIGINT NOT NULL,
    PRIMARY KEY (kind, target_key)
);
CREATE INDEX report_targets_queue ON report_targets (status, last_at, kind, target_key);

-- One report per user per target.
CREATE TABLE reports (
    reporter_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    target_key  TEXT NOT NULL,
    reason      TEXT NOT NULL,
    text        TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (reporter_id, kind, target_key)
);
CREATE INDEX reports_target ON reports (kind, target_key, created_at);

-- Every moderation action, kept when the admin or the content is gone.
CREATE TABLE moderation_actions (
    id          TEXT PRIMARY KEY,
    admin_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    admin_name  TEXT NOT NULL,
    action      TEXT NOT NULL, -- hide, restore, dismiss
    kind        TEXT NOT NULL,
    target_key  TEXT NOT NULL,
    title       TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX moderation_actions_at ON moderation_actions (created_at, id);

CREATE TABLE blocks (
    blocker_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
CREATE INDEX blocks_recent ON blocks (blocker_id, created_at);
