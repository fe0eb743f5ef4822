-- The votes the tally has yet to catch up (tally.go) leave the lists' rows for a table of
-- their own. Their count sat in a column named by a partial index's predicate, so every
-- vote's update of its list (the upvote count) wrote a new entry in each of the list's
-- twelve indexes (PostgreSQL updated 1 % of lists' rows in place under the upvote bench);
-- now the list's row takes the count alone, in place, and the pending row is small.
-- n counts the votes and withdrawals since the list's last catch-up; last_voter_id is the
-- newest voter its author has yet to hear of ('' for none).
CREATE TABLE list_votes_pending (
    list_user_id  TEXT NOT NULL,
    list_id       TEXT NOT NULL,
    n             INTEGER NOT NULL,
    last_voter_id TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
INSERT INTO list_votes_pending (list_user_id, list_id, n, last_voter_id)
    SELECT user_id, id, votes_pending, last_voter_id FROM lists WHERE votes_pending > 0;
DROP INDEX lists_votes_pending;
ALTER TABLE lists DROP COLUMN votes_pending;
ALTER TABLE lists DROP COLUMN last_voter_id;
