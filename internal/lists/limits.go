package lists

import (
	"time"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

// Write limits on lists, their marks and drafts, per account and per client address.
// Drafts save themselves 2 s after each change, so their limit leaves room for a long edit.
var (
	SavePerUser    = limits.Limit{Name: "list-save-user", Max: 30, Window: 10 * time.Minute, Message: problem.MsgTooManySaves}
	SavePerClient  = limits.Limit{Name: "list-save-ip", Max: 120, Window: 10 * time.Minute, Message: problem.MsgTooManySaves}
	MarkPerUser    = limits.Limit{Name: "list-mark-user", Max: 300, Window: 10 * time.Minute, Message: problem.MsgTooManyVotes}
	MarkPerClient  = limits.Limit{Name: "list-mark-ip", Max: 1200, Window: 10 * time.Minute, Message: problem.MsgTooManyVotes}
	DraftPerUser   = limits.Limit{Name: "draft-user", Max: 600, Window: 10 * time.Minute, Message: problem.MsgTooManyDraftSaves}
	DraftPerClient = limits.Limit{Name: "draft-ip", Max: 2400, Window: 10 * time.Minute, Message: problem.MsgTooManyDraftSaves}
)
