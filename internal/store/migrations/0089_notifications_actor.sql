-- Deleting an account takes every notification naming it out of the others' inboxes
-- (StmtDeleteActorNotes), found by actor.
CREATE INDEX notifications_actor ON notifications (actor_id);
