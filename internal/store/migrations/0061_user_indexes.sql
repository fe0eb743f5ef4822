-- What one user made or cast, found by user: exporting an account and deleting it read these
-- by user_id, and PostgreSQL's foreign-key actions on a deleted user look them up the same
-- way. Without these each would scan a table that grows with the community.
CREATE INDEX list_upvotes_user ON list_upvotes (user_id);
CREATE INDEX comment_votes_user ON comment_votes (user_id);
CREATE INDEX comments_user ON comments (user_id, created_at);
CREATE INDEX global_submissions_user ON global_submissions (user_id);
CREATE INDEX moderation_actions_admin ON moderation_actions (admin_id);
-- Deleting a comment (or an account's comments) takes the notifications quoting it.
CREATE INDEX notifications_comment ON notifications (comment_id);
