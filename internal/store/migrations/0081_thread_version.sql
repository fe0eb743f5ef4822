-- Each list's thread has a version that every change to what a visitor's page of its
-- comments shows moves on (a comment posted, voted on, hidden, deleted, its author renamed,
-- suspended or deleted; a repair of its counts), in the same transaction as the change, so
-- a process may keep a visitor's thread page and check with the list's visibility read,
-- which it makes anyway, that the page still stands.
ALTER TABLE lists ADD COLUMN thread_version BIGINT NOT NULL DEFAULT 0;
