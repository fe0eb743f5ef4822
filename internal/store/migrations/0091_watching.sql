-- How far each fan has watched a season, for the spoiler shield (internal/watching):
-- up_to is the last episode seen, 0 for not started. A season with no row is finished (or
-- never set) and shows everything. Seasons are the catalog's, so a fan has a bounded set.
CREATE TABLE watch_progress (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    season_id  TEXT NOT NULL,
    up_to      INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, season_id)
);
