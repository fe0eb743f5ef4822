package server

import (
	"net/http"

	"castaway/internal/httpcache"
	"castaway/internal/lists"
)

// routes is every path the server answers, in one table. A write whose success changes
// what every visitor sees alike (lists, votes, comments, names, moderation) is marked
// changesShared; no other request drops the shared reads.
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	for _, rt := range []struct {
		pattern string
		handler http.Handler
	}{
		// Operations
		{"GET /healthz", http.HandlerFunc(s.healthz)},
		{"GET /readyz", http.HandlerFunc(s.readyz)},
		{"GET /metrics", s.publicMetrics()},
		{"/debug/", http.NotFoundHandler()}, // pprof is the admin listener's alone
		{"GET /robots.txt", http.HandlerFunc(s.robots)},
		{"GET /sitemap.xml", http.HandlerFunc(s.sitemapIndex)},
		{"GET /sitemap-pages.xml", http.HandlerFunc(s.sitemapPages)},
		{"GET /sitemap-castaways.xml", http.HandlerFunc(s.sitemapCastaways)},
		{"GET /favicon.ico", httpcache.NewPrecompressed(faviconICO(), "image/x-icon", "public, max-age=86400")},

		// Catalog and pictures
		{"GET /api/catalog/seasons", s.seasons},
		{"GET /api/seasons/consensus", s.cacheable(s.seasonsConsensus)},
		{"GET /api/seasons/{seasonId}/consensus", s.cacheable(s.seasonConsensus)},
		{"GET /api/seasons/{seasonId}/game", http.HandlerFunc(s.seasonGame)},
		{"GET /api/seasons/{seasonId}/game/stream", http.HandlerFunc(s.streamSeasonGame)},
		// Predictions of a season on air (predictions.go)
		{"GET /api/seasons/{seasonId}/prediction", http.HandlerFunc(s.myPrediction)},
		{"PUT /api/seasons/{seasonId}/prediction", s.changesShared(http.HandlerFunc(s.savePrediction))},
		{"PUT /api/seasons/{seasonId}/picks/{episode}", s.changesShared(http.HandlerFunc(s.savePick))},
		{"GET /api/seasons/{seasonId}/predictions", s.cacheable(s.predictionBoard)},
		{"GET /api/seasons/{seasonId}/predictions/following", http.HandlerFunc(s.followingBoard)},
		{"GET /api/seasons/{seasonId}/predictions/{userId}", http.HandlerFunc(s.prediction)},
		{"GET /api/seasons/{seasonId}/predictions/{userId}/share.png", http.HandlerFunc(s.predictionShareImage)},
		{"GET /api/contestants/{contestantId}/game", http.HandlerFunc(s.castawayGame)},
		{"GET /api/contestants/{contestantId}", s.cacheable(s.castaway)},
		{"GET /api/contestants/{contestantId}/share.png", http.HandlerFunc(s.castawayCard)},
		{"GET /media/contestants/{season}/{key}", http.HandlerFunc(s.media.contestant)},
		{"GET /media/seasons/{season}", http.HandlerFunc(s.media.season)},
		{"GET /images/placeholder.jpg", s.media.headshot},

		// Accounts
		{"POST /api/auth/signup", http.HandlerFunc(s.signUp)},
		{"POST /api/auth/login", http.HandlerFunc(s.signIn)},
		{"POST /api/auth/logout", http.HandlerFunc(s.signOut)},
		{"POST /api/auth/logout-everywhere", http.HandlerFunc(s.signOutEverywhere)},
		{"PUT /api/me/password", http.HandlerFunc(s.changePassword)},
		{"GET /api/auth/password-policy", http.HandlerFunc(s.passwordPolicy)},
		{"POST /api/auth/password-reset", http.HandlerFunc(s.requestReset)},
		{"POST /api/auth/password-reset/confirm", http.HandlerFunc(s.confirmReset)},
		{"GET /api/auth/providers", http.HandlerFunc(s.enabledProviders)},
		{"GET /api/auth/oauth/{provider}/start", http.HandlerFunc(s.oauthStart)},
		{"GET /api/auth/oauth/{provider}/callback", http.HandlerFunc(s.oauthCallback)},
		// Verified addresses.
		{"POST /api/auth/verify-email", http.HandlerFunc(s.verifyEmail)},
		{"PUT /api/me/email", http.HandlerFunc(s.changeEmail)},
		{"POST /api/me/email/verification", http.HandlerFunc(s.resendVerification)},
		{"DELETE /api/me/notice", http.HandlerFunc(s.dismissNotice)},
		{"GET /api/me", http.HandlerFunc(s.me)},
		{"PATCH /api/me", s.changesShared(http.HandlerFunc(s.updateMe))},
		{"DELETE /api/me", s.changesShared(http.HandlerFunc(s.deleteMe))},
		{"GET /api/me/export", http.HandlerFunc(s.exportMe)},
		{"GET /api/me/sessions", http.HandlerFunc(s.mySessions)},
		{"DELETE /api/me/sessions/{sessionId}", http.HandlerFunc(s.endMySession)},
		{"POST /api/me/sessions/end-others", http.HandlerFunc(s.endOtherSessions)},

		// Lists, drafts, browse and profiles
		{"GET /api/lists", s.cacheable(s.browseLists)},
		{"POST /api/lists", s.changesShared(http.HandlerFunc(s.createList))},
		{"GET /api/lists/{userId}/{listId}", s.cacheable(s.getList)},
		{"PUT /api/lists/{userId}/{listId}", s.changesShared(http.HandlerFunc(s.updateList))},
		{"DELETE /api/lists/{userId}/{listId}", s.changesShared(http.HandlerFunc(s.deleteList))},
		{"GET /api/lists/{userId}/{listId}/share.png", http.HandlerFunc(s.shareImage)},
		{"GET /api/lists/{userId}/{listId}/remixes", s.cacheable(s.listRemixes)},
		{"GET /api/home", s.cacheable(s.home)},
		{"GET /api/me/draft", http.HandlerFunc(s.getDraft)},
		{"PUT /api/me/draft", http.HandlerFunc(s.saveDraft)},
		{"DELETE /api/me/draft", http.HandlerFunc(s.deleteDraft)},
		{"GET /api/users/{userId}", s.cacheable(s.userProfile)},
		{"GET /api/users/{userId}/lists", s.cacheable(s.userLists)},
		{"POST /api/me/idols/search", &idolSearch{Server: s, chance: s.cfg.IdolChanceOr(lists.IdolChance), draw: lists.Draw}},

		// Upvotes and favorites
		{"PUT /api/lists/{userId}/{listId}/upvote", s.changesShared(http.HandlerFunc(s.upvoteList))},
		{"DELETE /api/lists/{userId}/{listId}/upvote", s.changesShared(http.HandlerFunc(s.removeUpvote))},
		{"PUT /api/lists/{userId}/{listId}/favorite", http.HandlerFunc(s.favoriteList)},
		{"DELETE /api/lists/{userId}/{listId}/favorite", http.HandlerFunc(s.unfavoriteList)},
		{"GET /api/me/favorites", http.HandlerFunc(s.myFavorites)},

		// Comments
		{"GET /api/lists/{userId}/{listId}/comments", s.cacheable(s.listComments)},
		{"POST /api/lists/{userId}/{listId}/comments", s.changesShared(http.HandlerFunc(s.addComment))},
		{"PUT /api/comments/{commentId}/vote", s.changesShared(http.HandlerFunc(s.voteOnComment))},
		{"DELETE /api/comments/{commentId}", s.changesShared(http.HandlerFunc(s.deleteComment))},

		// Global Rankings
		{"GET /api/global-rankings", http.HandlerFunc(s.globalPolls)},
		{"GET /api/global-rankings/{pollId}", http.HandlerFunc(s.globalPoll)},
		{"GET /api/global-rankings/{pollId}/submission", http.HandlerFunc(s.myGlobalSubmission)},
		{"PUT /api/global-rankings/{pollId}/submission", http.HandlerFunc(s.submitGlobalRanking)},
		{"GET /api/global-rankings/{pollId}/comments", http.HandlerFunc(s.globalComments)},
		{"POST /api/global-rankings/{pollId}/comments", s.changesShared(http.HandlerFunc(s.addGlobalComment))},

		// The earlier product's shared rankings record
		{"GET /api/legacy-rankings", s.cacheable(s.legacyRankings)},
		{"PUT /api/legacy-rankings", http.HandlerFunc(s.saveLegacyRankings)},
		{"GET /api/legacy-rankings/stream", http.HandlerFunc(s.streamLegacyRankings)},

		// Inbox
		{"GET /api/notifications", http.HandlerFunc(s.getInbox)},
		{"POST /api/notifications/{id}/read", http.HandlerFunc(s.markNotificationRead)},
		{"POST /api/notifications/read-all", http.HandlerFunc(s.markAllNotificationsRead)},
		{"GET /api/notifications/stream", http.HandlerFunc(s.streamInbox)},

		// Community care
		{"POST /api/reports", http.HandlerFunc(s.createReport)},
		{"GET /api/moderation/reports", http.HandlerFunc(s.moderationQueue)},
		{"GET /api/moderation/actions", http.HandlerFunc(s.moderationLog)},
		{"POST /api/moderation/actions", s.changesShared(http.HandlerFunc(s.moderate))},
		// A season on air: what every page of it shows changes with each record.
		{"POST /api/moderation/seasons", s.changesShared(http.HandlerFunc(s.addSeasonOnAir))},
		{"POST /api/moderation/seasons/{seasonId}/boots", s.changesShared(http.HandlerFunc(s.recordBoot))},
		{"DELETE /api/moderation/seasons/{seasonId}/boots/last", s.changesShared(http.HandlerFunc(s.undoBoot))},
		{"PUT /api/moderation/seasons/{seasonId}/premiere", s.changesShared(http.HandlerFunc(s.setPremiere))},
		{"GET /api/moderation/users", http.HandlerFunc(s.moderationUsers)},
		{"GET /api/moderation/users/{userId}", http.HandlerFunc(s.moderationUser)},
		{"POST /api/moderation/users/{userId}/suspension", s.changesShared(http.HandlerFunc(s.suspendUser))},
		{"DELETE /api/moderation/users/{userId}/suspension", s.changesShared(http.HandlerFunc(s.unsuspendUser))},
		{"GET /api/me/blocks", http.HandlerFunc(s.myBlocks)},
		{"PUT /api/me/blocks/{userId}", http.HandlerFunc(s.blockUser)},
		{"DELETE /api/me/blocks/{userId}", http.HandlerFunc(s.unblockUser)},

		// Following fans (follower counts are on every user page)
		{"GET /api/me/following", http.HandlerFunc(s.myFollowing)},
		{"PUT /api/me/following/{userId}", s.changesShared(http.HandlerFunc(s.followUser))},
		{"DELETE /api/me/following/{userId}", s.changesShared(http.HandlerFunc(s.unfollowUser))},
		{"GET /api/feed", http.HandlerFunc(s.feed)},
		{"PATCH /api/me/settings", http.HandlerFunc(s.updateMySettings)},
		// Watch progress: the spoiler shield's (the game's answers read it).
		{"GET /api/me/watching", http.HandlerFunc(s.myWatching)},
		{"PUT /api/me/watching", http.HandlerFunc(s.replaceMyWatching)},
		{"PUT /api/me/watching/{seasonId}", http.HandlerFunc(s.setMySeasonWatching)},

		// The contract and its reference
		{"GET /api/openapi.yaml", s.docs.yaml},
		{"GET /api/docs", s.docs.page},
		{"GET /api/docs.css", s.docs.css},

		// Anything else under /api/ is an API 404; other paths are the app's pages.
		{"/api/", http.HandlerFunc(s.apiNotFound)},
		{"GET /list/{userId}/{listId}", http.HandlerFunc(s.listPage)},
		{"GET /rankings/user/{userId}", http.HandlerFunc(s.userPage)},
		{"GET /castaways/{contestantId}", http.HandlerFunc(s.castawayPage)},
		{"GET /seasons/{seasonId}", http.HandlerFunc(s.seasonPage)},
		{"GET /licenses/survivor", http.HandlerFunc(survivorLicence)},
		{"/", s.sitemapListsOr(s.web)}, // /sitemap-lists-N.xml: a pattern's name may not share its segment
	} {
		mux.Handle(rt.pattern, rt.handler)
	}
	return mux
}

// changesShared marks a write route whose success changes what the shared reads show:
// they are forgotten as its 2xx answer starts, so the writer's next read is fresh. A
// route left unmarked (signing in or out, drafts, the inbox: nothing every visitor sees)
// keeps them, and so does a refused or failed request or one that found nothing to
// change (a handler says so with httpcache.Unchanged: a rename to one's own name, a follow
// or upvote again), so requests that change nothing cannot send every reader to the
// database. Other processes see the change once their copy's while is over.
func (s *Server) changesShared(next http.Handler) http.Handler {
	return s.shared.ForgetOnSuccess(next)
}

// cacheable marks a read answered with an ETag (httpcache.Cacheable). A visitor's answer is
// every visitor's, so it says public and the app may keep it for reading offline; a
// signed-in reader's may hold what only they may see (their private lists, votes,
// favorites, follows and blocks), so it says private and is never kept offline, where
// nobody can tell whether the session still stands.
func (s *Server) cacheable(read http.HandlerFunc) http.Handler {
	return httpcache.Cacheable(read, func(r *http.Request) bool { return currentUser(r) == nil })
}
