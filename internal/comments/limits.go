package comments

import (
	"time"

	"castaway/internal/limits"
)

// Write limits on comments and their votes, per account and per client address.
var (
	PostPerUser   = limits.Limit{Name: "comment-user", Max: 10, Window: time.Minute, Message: "Too many comments. Please wait a minute and try again."}
	PostPerClient = limits.Limit{Name: "comment-ip", Max: 60, Window: time.Minute, Message: "Too many comments. Please wait a minute and try again."}
	VotePerUser   = limits.Limit{Name: "comment-vote-user", Max: 120, Window: 10 * time.Minute, Message: "Too many votes. Please wait a few minutes and try again."}
	VotePerClient = limits.Limit{Name: "comment-vote-ip", Max: 600, Window: 10 * time.Minute, Message: "Too many votes. Please wait a few minutes and try again."}
)
