-- A follow's or an unfollow's change to the follower's feed, done off the request by the
-- fan-out worker (store.SyncFeeds): a follow filled the feed with up to FeedBackfill of the
-- followed fan's lists and an unfollow deleted them in the request's own transaction, some
-- 24 feed rows and four indexes each, which bounded follows at a fortieth of the rate of
-- other writes. One row per pair, however often it changes before the worker comes: the
-- worker makes the feed match whether the follow stands then. Until it has, the feed
-- shows no list of a fan no longer followed (StmtFeedKeys reads this table).
CREATE TABLE feed_syncs (
    reader_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followed_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (reader_id, followed_id)
);
