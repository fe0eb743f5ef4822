-- A star on PostgreSQL in one round trip (favorites.go): one fan's stars counted in turn
-- against the cap ($5) under a lock of their row, each statement of the function seeing
-- what committed before it, which one statement's snapshot would not after waiting for
-- the lock. It returns 1 for a star added, 0 for a list starred before, -1 past the cap;
-- a list that does not exist fails its foreign key, as the insert alone did.
CREATE FUNCTION castaway_add_favorite(fan TEXT, owner TEXT, list TEXT, at BIGINT, cap INTEGER)
RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE id = fan FOR NO KEY UPDATE;
    IF EXISTS (SELECT 1 FROM favorites WHERE user_id = fan AND list_user_id = owner AND list_id = list) THEN
        RETURN 0;
    END IF;
    IF (SELECT count(*) FROM favorites WHERE user_id = fan) >= cap THEN
        RETURN -1;
    END IF;
    INSERT INTO favorites (user_id, list_user_id, list_id, favorited_at) VALUES (fan, owner, list, at)
        ON CONFLICT (user_id, list_user_id, list_id) DO NOTHING;
    RETURN 1;
END $$;
