package comments

import (
	"time"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

// Write limits on comments and their votes, per account and per client address.
var (
	PostPerUser   = limits.Limit{Name: "comment-user", Max: 10, Window: time.Minute, Message: problem.MsgTooManyComments}
	PostPerClient = limits.Limit{Name: "comment-ip", Max: 60, Window: time.Minute, Message: problem.MsgTooManyComments}
	VotePerUser   = limits.Limit{Name: "comment-vote-user", Max: 120, Window: 10 * time.Minute, Message: problem.MsgTooManyVotes}
	VotePerClient = limits.Limit{Name: "comment-vote-ip", Max: 600, Window: 10 * time.Minute, Message: problem.MsgTooManyVotes}
)
