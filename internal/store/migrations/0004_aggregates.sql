-- Reads whose cost does not grow with the community: counts kept in step with their rows
-- (in the same transaction; RebuildAggregates recomputes them) and indexes that serve
-- every ordering a visitor can ask for, ties broken by the key so keyset paging works.

-- Comments (top-level and replies) on each list, kept in step by CreateComment/DeleteComment.
ALTER TABLE lists ADD COLUMN comment_count INTEGER NOT NULL DEFAULT 0;
UPDATE lists SET comment_count = (SELECT count(*) FROM comments c WHERE c.list_user_id = lists.user_id AND c.list_id = lists.id);

-- Upvotes per list per UTC day (day = created_at / 86400000), kept in step by
-- AddUpvote/RemoveUpvote: "top voted this week" sums at most 8 rows per candidate list.
CREATE TABLE list_upvotes_daily (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    day          BIGINT NOT NULL,
    n            INTEGER NOT NULL,
    PRIMARY KEY (list_user_id, list_id, day),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX list_upvotes_daily_rank ON list_upvotes_daily (day, n, list_user_id, list_id);
INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n)
SELECT list_user_id, list_id, created_at / 86400000, count(*) FROM list_upvotes
GROUP BY list_user_id, list_id, created_at / 86400000;

-- Browse orderings, each ending in the primary key so a page boundary is exact.
DROP INDEX lists_public_created;
DROP INDEX lists_public_upvotes;
DROP INDEX lists_public_type_created;
CREATE INDEX lists_public_created ON lists (is_public, created_at, user_id, id);
CREATE INDEX lists_public_upvotes ON lists (is_public, upvote_count, created_at, user_id, id);
CREATE INDEX lists_public_type_created ON lists (is_public, is_season, created_at, user_id, id);
CREATE INDEX lists_public_type_upvotes ON lists (is_public, is_season, upvote_count, created_at, user_id, id);

-- Comment pages: top-level comments of a thread newest first, then the replies of those.
CREATE INDEX comments_top ON comments (list_user_id, list_id, created_at, id) WHERE parent_id IS NULL;
DROP INDEX comments_parent;
CREATE INDEX comments_parent ON comments (parent_id, created_at, id);

-- A reader's favorites, newest star first.
CREATE INDEX favorites_user_at ON favorites (user_id, favorited_at);
