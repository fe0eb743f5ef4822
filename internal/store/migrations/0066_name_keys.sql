-- Display names become unique by their look-alike key (username.Key: Unicode's confusable
-- skeletons, blind to letter case) instead of their lower-case form. The keys are computed
-- in Go, after this statement and in the same transaction (rekeyNames, name_keys.go); the
-- index lets it read the users oldest first in batches, and it is dropped when done.
CREATE INDEX users_rekey_order ON users (created_at, id);
