-- Following: a fan follows another to read what they publish (GET /api/feed).
-- At most store.MaxFollows rows per follower.
CREATE TABLE follows (
    follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followed_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (follower_id, followed_id)
);
-- A fan's follows, newest first (GET /api/me/following).
CREATE INDEX follows_recent ON follows (follower_id, created_at, followed_id);
-- Who follows a fan: the fan-out of what they publish, and suspensions' counts.
CREATE INDEX follows_followed ON follows (followed_id, follower_id);

-- Counts shown on user pages, kept in step by follows.go in the transaction that changes
-- them: a follow counts while both accounts are active (a suspension takes its follows
-- out of the other accounts' counts, lifting it puts them back).
ALTER TABLE users ADD COLUMN follower_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN following_count INTEGER NOT NULL DEFAULT 0;
-- The one notification setting: hear when a fan you follow publishes a list.
ALTER TABLE users ADD COLUMN notify_followed_lists BOOLEAN NOT NULL DEFAULT TRUE;

-- The feed, fanned out on write: one row per reader per list published by a fan they
-- follow (copied when the list becomes public, and the followed fan's recent lists when
-- a follow starts). A page reads one reader's newest rows by index, whatever they follow;
-- whether the list is still public is read from lists at that time. created_at is the
-- list's. Rows older than store.FeedRetention are pruned.
CREATE TABLE feed_items (
    reader_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (reader_id, list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX feed_items_page ON feed_items (reader_id, created_at, list_user_id, list_id);
CREATE INDEX feed_items_list ON feed_items (list_user_id, list_id);
CREATE INDEX feed_items_age ON feed_items (created_at);
