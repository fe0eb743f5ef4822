-- Votes keep only what a fan reads at once in their own transaction: the vote's row, the
-- list's upvote count and the day's count. What follows from them, the browse orders by
-- votes, the week's counts and the author's upvote notification, is caught up a moment
-- later (tally.go), several votes a list at once. vote_rank is the count the browse
-- orders were last caught up with, votes_pending the votes and withdrawals since, and
-- last_voter_id the newest voter the author has not yet heard of ('' for none).
ALTER TABLE lists ADD COLUMN vote_rank INTEGER NOT NULL DEFAULT 0;
ALTER TABLE lists ADD COLUMN votes_pending INTEGER NOT NULL DEFAULT 0;
ALTER TABLE lists ADD COLUMN last_voter_id TEXT NOT NULL DEFAULT '';
UPDATE lists SET vote_rank = upvote_count WHERE upvote_count <> 0;
DROP INDEX lists_public_upvotes;
DROP INDEX lists_public_type_upvotes;
DROP INDEX lists_public_format_upvotes;
CREATE INDEX lists_public_upvotes ON lists (is_public, vote_rank, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_type_upvotes ON lists (is_public, is_season, vote_rank, created_at, user_id, id, tag_mask);
CREATE INDEX lists_public_format_upvotes ON lists (is_public, format, vote_rank, created_at, user_id, id);
-- The lists the tally has yet to catch up, and nothing else: a vote on a list already
-- pending writes no entry.
CREATE INDEX lists_votes_pending ON lists (user_id, id) WHERE votes_pending > 0;
