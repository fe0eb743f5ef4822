-- A follow and an unfollow on PostgreSQL in one round trip each (follows.go): the same
-- steps as the Go transaction they replace there, which took ten round trips with the
-- followed fan's row locked across them all (a popular fan's followers waited in turn).
-- Both fans' rows are locked first, the lower id (byte order, as Go compares) first, as
-- lockPair does for a block's unfollows; each statement sees what committed before it.

-- castaway_follow returns code 1 for a follow made (told: the followed fan when notified),
-- 0 for one made before, -1 no such fan, -2 a suspended fan, -3 a block either way, -4
-- past the cap. The note is the new_follower notification (n_id '' for none); the feed
-- gains at most backfill of the followed fan's public lists made after since.
CREATE FUNCTION castaway_follow(fan TEXT, target TEXT, at BIGINT, cap INTEGER, since BIGINT, backfill INTEGER,
    n_id TEXT, n_type TEXT, n_name TEXT, n_content TEXT, n_key TEXT,
    OUT code INTEGER, OUT told TEXT)
LANGUAGE plpgsql AS $$
DECLARE
    suspended BOOLEAN;
    blocked BOOLEAN;
BEGIN
    told := '';
    PERFORM 1 FROM users WHERE id = LEAST(fan COLLATE "C", target COLLATE "C") FOR NO KEY UPDATE;
    PERFORM 1 FROM users WHERE id = GREATEST(fan COLLATE "C", target COLLATE "C") FOR NO KEY UPDATE;
    SELECT u.suspended_at IS NOT NULL, EXISTS (SELECT 1 FROM blocks b
        WHERE (b.blocker_id = fan AND b.blocked_id = target) OR (b.blocker_id = target AND b.blocked_id = fan))
        INTO suspended, blocked FROM users u WHERE u.id = target;
    IF NOT FOUND THEN
        code := -1; RETURN;
    ELSIF suspended THEN
        code := -2; RETURN;
    ELSIF blocked THEN
        code := -3; RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM follows WHERE follower_id = fan AND followed_id = target) THEN
        code := 0; RETURN;
    END IF;
    IF (SELECT count(*) FROM follows WHERE follower_id = fan) >= cap THEN
        code := -4; RETURN;
    END IF;
    INSERT INTO follows (follower_id, followed_id, created_at) VALUES (fan, target, at);
    UPDATE users SET following_count = following_count + 1 WHERE id = fan
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = target AND su.suspended_at IS NOT NULL);
    UPDATE users SET follower_count = follower_count + 1 WHERE id = target
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = fan AND su.suspended_at IS NOT NULL);
    INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
        SELECT fan, l.user_id, l.id, l.created_at FROM lists l
        WHERE l.user_id = target AND l.is_public IS TRUE AND l.created_at > since
        ORDER BY l.created_at DESC LIMIT backfill
        ON CONFLICT DO NOTHING;
    code := 1;
    IF n_id <> '' THEN
        IF castaway_tell(n_id, target, n_type, fan, n_name, n_content, '', '', '', n_key, at) THEN
            told := target;
        END IF;
    END IF;
END $$;

-- castaway_unfollow ends fan's follow of target, if any, with its counts and the followed
-- fan's lists in the follower's feed; whether there was one.
CREATE FUNCTION castaway_unfollow(fan TEXT, target TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE id = LEAST(fan COLLATE "C", target COLLATE "C") FOR NO KEY UPDATE;
    PERFORM 1 FROM users WHERE id = GREATEST(fan COLLATE "C", target COLLATE "C") FOR NO KEY UPDATE;
    DELETE FROM follows WHERE follower_id = fan AND followed_id = target;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    UPDATE users SET following_count = following_count - 1 WHERE id = fan
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = target AND su.suspended_at IS NOT NULL);
    UPDATE users SET follower_count = follower_count - 1 WHERE id = target
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = fan AND su.suspended_at IS NOT NULL);
    DELETE FROM feed_items WHERE reader_id = fan AND list_user_id = target;
    RETURN TRUE;
END $$;
