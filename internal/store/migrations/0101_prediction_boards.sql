-- Each season's leaderboard of predictions has a version that every change to what it
-- shows moves on (an entry made or changed, scores written, a fan renamed, suspended,
-- restored or deleted), in the same transaction as the change, so a process may keep the
-- board built and check with one read of this row that it still stands, as
-- lists.thread_version does for threads. A season with no row is at version 0.
CREATE TABLE prediction_boards (
    season  TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);
