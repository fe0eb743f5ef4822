-- A comment's vote on PostgreSQL in one round trip (comments.go): the comment's row locked
-- first, so one voter's votes at once count in turn, each statement of the function
-- seeing what committed before it; the voter's earlier vote replaced, the comment's
-- counts moved by the change, the author told of an upvote (the note's fields, n_id ''
-- for none, unless the author blocked the voter or was told before), and last the list's
-- thread moved on, so the list's row is held for the commit alone. It returns the author
-- when told, '' otherwise, and NULL when the comment does not exist.
-- castaway_tell writes a notification, unless its recipient blocked its actor or one of
-- its dedupe key was written before (insertNotifications' rule); whether it wrote.
CREATE FUNCTION castaway_tell(n_id TEXT, recipient TEXT, n_type TEXT, actor TEXT, n_name TEXT, n_content TEXT,
    list_owner TEXT, list TEXT, comment TEXT, n_key TEXT, at BIGINT)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO notifications
        (id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
        SELECT n_id, recipient, n_type, actor, n_name, n_content, TRUE, list_owner, list, comment, NULLIF(n_key, ''), at
        WHERE NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = recipient AND blocked_id = actor)
        ON CONFLICT (dedupe_key) DO NOTHING;
    RETURN FOUND;
END $$;

CREATE FUNCTION castaway_set_comment_vote(cid TEXT, voter TEXT, val INTEGER,
    n_id TEXT, n_user TEXT, n_type TEXT, n_name TEXT, n_content TEXT, n_key TEXT, n_at BIGINT)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
    owner TEXT;
    list TEXT;
    old INTEGER;
    told TEXT := '';
BEGIN
    SELECT list_user_id, list_id INTO owner, list FROM comments WHERE id = cid FOR UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    SELECT value INTO old FROM comment_votes WHERE comment_id = cid AND user_id = voter;
    old := COALESCE(old, 0);
    IF old = val THEN
        RETURN '';
    END IF;
    IF val = 0 THEN
        DELETE FROM comment_votes WHERE comment_id = cid AND user_id = voter;
    ELSE
        INSERT INTO comment_votes (comment_id, user_id, value) VALUES (cid, voter, val)
            ON CONFLICT (comment_id, user_id) DO UPDATE SET value = excluded.value;
    END IF;
    UPDATE comments SET upvotes = upvotes + (val = 1)::int - (old = 1)::int,
        downvotes = downvotes + (val = -1)::int - (old = -1)::int WHERE id = cid;
    IF val = 1 AND n_id <> '' THEN
        IF castaway_tell(n_id, n_user, n_type, voter, n_name, n_content, owner, list, cid, n_key, n_at) THEN
            told := n_user;
        END IF;
    END IF;
    UPDATE lists SET thread_version = thread_version + 1 WHERE user_id = owner AND id = list;
    RETURN told;
END $$;
