-- A list's row is updated in place by each vote (its upvote count, no index names it):
-- room left on each page lets the new version stay beside the old one rather than move
-- to another page, which would write a new entry in each of the list's indexes.
ALTER TABLE lists SET (fillfactor = 90);
