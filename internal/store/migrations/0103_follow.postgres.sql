-- A follow and an unfollow on PostgreSQL in one round trip each (follows.go): as a
-- transaction of their steps they took nine and five, every one of them with the followed
-- fan's row locked, so the follows of a fan many follow at once (after an episode) went
-- one at a time at the pace of those round trips. The steps are Follow's and unfollow's:
-- both fans' rows locked first, the lower id first (two fans following each other at once
-- wait rather than deadlock), each statement seeing what committed before it.

-- castaway_lock_pair locks the rows of users a and b, the lower id first, as a write
-- that counts on both does before it reads either (one statement: rows are locked in the
-- order they are sorted).
CREATE FUNCTION castaway_lock_pair(a TEXT, b TEXT) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM users WHERE id IN (a, b) ORDER BY id FOR NO KEY UPDATE;
END $$;

-- castaway_count_follow adds delta to the counts a follow is part of: each side counts it
-- while the other account is not suspended.
CREATE FUNCTION castaway_count_follow(follower TEXT, followed TEXT, delta INTEGER) RETURNS VOID LANGUAGE plpgsql AS $$
BEGIN
    UPDATE users SET following_count = following_count + delta WHERE id = follower
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = followed AND su.suspended_at IS NOT NULL);
    UPDATE users SET follower_count = follower_count + delta WHERE id = followed
        AND NOT EXISTS (SELECT 1 FROM users su WHERE su.id = follower AND su.suspended_at IS NOT NULL);
END $$;

-- castaway_follow makes follower follow followed at `at`, up to cap follows, filling the
-- follower's feed with at most feed_max of the followed fan's public lists made after
-- feed_after, and telling followed (the note's fields; n_id '' for none, castaway_tell's
-- rule). outcome: 'added', 'again' (followed before: nothing changes), 'missing' (no such
-- account), 'suspended', 'blocked' (either blocked the other) or 'cap'; told: followed
-- when told, '' otherwise.
CREATE FUNCTION castaway_follow(follower TEXT, followed TEXT, at BIGINT, cap INTEGER, feed_after BIGINT, feed_max INTEGER,
    n_id TEXT, n_type TEXT, n_name TEXT, n_content TEXT, n_key TEXT, n_at BIGINT,
    OUT outcome TEXT, OUT told TEXT)
LANGUAGE plpgsql AS $$
DECLARE
    suspended BOOLEAN;
    blocked BOOLEAN;
BEGIN
    told := '';
    PERFORM castaway_lock_pair(follower, followed);
    SELECT u.suspended_at IS NOT NULL, EXISTS (SELECT 1 FROM blocks b
            WHERE (b.blocker_id = follower AND b.blocked_id = followed) OR (b.blocker_id = followed AND b.blocked_id = follower))
        INTO suspended, blocked FROM users u WHERE u.id = followed;
    IF NOT FOUND THEN
        outcome := 'missing';
        RETURN;
    ELSIF suspended THEN
        outcome := 'suspended';
        RETURN;
    ELSIF blocked THEN
        outcome := 'blocked';
        RETURN;
    ELSIF EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = follower AND f.followed_id = followed) THEN
        outcome := 'again';
        RETURN;
    ELSIF (SELECT count(*) FROM follows f WHERE f.follower_id = follower) >= cap THEN
        outcome := 'cap';
        RETURN;
    END IF;
    INSERT INTO follows (follower_id, followed_id, created_at) VALUES (follower, followed, at);
    PERFORM castaway_count_follow(follower, followed, 1);
    INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
        SELECT follower, l.user_id, l.id, l.created_at FROM lists l
        WHERE l.user_id = followed AND l.is_public IS TRUE AND l.created_at > feed_after
        ORDER BY l.created_at DESC LIMIT feed_max
        ON CONFLICT DO NOTHING;
    outcome := 'added';
    IF n_id <> '' AND castaway_tell(n_id, followed, n_type, follower, n_name, n_content, '', '', '', n_key, n_at) THEN
        told := followed;
    END IF;
END $$;

-- castaway_unfollow ends follower's follow of followed, if any, with its counts and the
-- followed fan's lists in the follower's feed; whether there was one.
CREATE FUNCTION castaway_unfollow(follower TEXT, followed TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    PERFORM castaway_lock_pair(follower, followed);
    DELETE FROM follows WHERE follower_id = follower AND followed_id = followed;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    PERFORM castaway_count_follow(follower, followed, -1);
    DELETE FROM feed_items WHERE reader_id = follower AND list_user_id = followed;
    RETURN TRUE;
END $$;
