-- castaway_follow and castaway_unfollow (migration 0103) no longer write the follower's
-- feed: each queues the pair's feed sync (migration 0104), which the fan-out worker does.
-- 0103's castaway_follow, whose arguments differ, stays for the nodes still running the
-- older binary while an upgrade goes from node to node (the feed rows it writes are the
-- ones a sync would); castaway_unfollow keeps its arguments and is replaced.

-- castaway_follow makes follower follow followed at `at`, up to cap follows, queueing the
-- follower's feed sync and telling followed (the note's fields; n_id '' for none,
-- castaway_tell's rule). outcome: 'added', 'again' (followed before: nothing changes),
-- 'missing' (no such account), 'suspended', 'blocked' (either blocked the other) or 'cap';
-- told: followed when told, '' otherwise.
CREATE FUNCTION castaway_follow(follower TEXT, followed TEXT, at BIGINT, cap INTEGER,
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
    INSERT INTO feed_syncs (reader_id, followed_id) VALUES (follower, followed) ON CONFLICT DO NOTHING;
    outcome := 'added';
    IF n_id <> '' AND castaway_tell(n_id, followed, n_type, follower, n_name, n_content, '', '', '', n_key, n_at) THEN
        told := followed;
    END IF;
END $$;

-- castaway_unfollow ends follower's follow of followed, if any, with its counts, queueing
-- the follower's feed sync; whether there was one.
CREATE OR REPLACE FUNCTION castaway_unfollow(follower TEXT, followed TEXT) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    PERFORM castaway_lock_pair(follower, followed);
    DELETE FROM follows WHERE follower_id = follower AND followed_id = followed;
    IF NOT FOUND THEN
        RETURN FALSE;
    END IF;
    PERFORM castaway_count_follow(follower, followed, -1);
    INSERT INTO feed_syncs (reader_id, followed_id) VALUES (follower, followed) ON CONFLICT DO NOTHING;
    RETURN TRUE;
END $$;
