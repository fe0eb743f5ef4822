// Package server turns HTTP into calls on the domain packages and back: routes,
// middleware and thin handlers, nothing more.
package server

import (
	"context"
	"database/sql"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/comments"
	"castaway/internal/config"
	"castaway/internal/consensus"
	"castaway/internal/follows"
	"castaway/internal/game"
	"castaway/internal/global"
	"castaway/internal/httpcache"
	"castaway/internal/legacy"
	"castaway/internal/lists"
	"castaway/internal/live"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/predictions"
	"castaway/internal/problem"
	"castaway/internal/services"
	"castaway/internal/shareimage"
	"castaway/internal/watching"
	"castaway/web"

	"github.com/prometheus/client_golang/prometheus"
)

// Database is what the server asks of the database itself, beside the use cases:
// whether it answers (readyz) and its connection pools (metrics). *store.Store is one.
type Database interface {
	Ping(ctx context.Context) error
	DB() *sql.DB
	ReadDB() *sql.DB
}

// Deps is what the server is built from; internal/app wires it.
type Deps struct {
	Config   *config.Config
	Database Database
	Catalog  *catalog.Catalog
	Logger   *slog.Logger
	// Providers are the enabled sign-in providers by path name ("google", "twitter").
	Providers map[string]auth.Provider
	// Web is the built front end (index.html and assets); nil serves a notice instead.
	Web fs.FS
	// ShareImages draws lists' share images; nil makes one.
	ShareImages *shareimage.Renderer
	// Version is the build's version, for castaway_build_info.
	Version string
	// Mail is this node's mail worker, for its counts in /metrics; nil reports none.
	Mail MailStats
	// Hub carries live events over the process's event bus; the services publish on it.
	Hub *notify.Hub
	// Services are the domains' use cases, built once (services.New) over the same hub.
	Services *services.Set
}

// Server is the HTTP face of castaway.
type Server struct {
	cfg       *config.Config
	db        Database
	catalog   *catalog.Catalog
	log       *slog.Logger
	accounts  *auth.Accounts
	modUsers  *moderation.Users // moderating accounts: suspensions, resets, sign-outs
	providers map[string]auth.Provider
	metrics   *metrics
	web       *web.App
	docs      *apiDocs
	// liveStreams are the live streams (server-sent events) this process holds.
	liveStreams *live.Streams
	seasons     *seasonsAnswer
	media       *media
	share       *shareImages
	hub         *notify.Hub // live inbox events
	inboxes     *notify.Inbox
	comments    *comments.Service
	moderation  *moderation.Service
	polls       *global.Service // the Global Rankings
	shared      *httpcache.Shared
	threads     *threadPages // visitors' pages of list threads, under their versions
	// pages are pages' HTML (a list's) everyone sees alike, under what they show.
	pages     *httpcache.Pages
	templates pageTemplates // the app's pages cut where each page puts its own
	searches  *costly       // bounds on text searches the shared reads cannot answer
	sitemaps  *costly       // and on the sitemap pages of lists they cannot
	// now is the clock the costly reads' limits read (time.Now; a test may set it before requests).
	now       func() time.Time
	lists     *lists.Service
	consensus *consensus.Service
	game      *game.Service
	// predictions of a season on air, and their leaderboards.
	predictions *predictions.Service
	watching    *watching.Service
	// gameAnswers are the game's answers, encoded once.
	gameAnswers gameAnswers
	legacy      *legacy.Service
	follows     *follows.Service
	fanOut      *follows.FanOut // its pending jobs are a metric
	// sitemapSize is how many lists one page of the sitemap holds (a test makes it small).
	sitemapSize int
}

// New builds the server; Handler gives its http.Handler.
func New(d Deps) (*Server, error) {
	set := d.Services
	s := &Server{
		cfg:       d.Config,
		db:        d.Database,
		catalog:   d.Catalog,
		log:       d.Logger,
		providers: d.Providers,
		metrics:   newMetrics(),
		shared:    httpcache.NewShared(d.Config.SharedReads, d.Config.DBTimeout),
		threads:   newThreadPages(),
		pages:     httpcache.NewPages(pagesKeptBytes),
		searches:  newCostly(SearchPerClient, searchSlots, searchWait, errSearchBusy),
		sitemaps:  newCostly(SitemapPerClient, sitemapSlots, sitemapWait, errSitemapBusy),
		hub:       d.Hub,
		now:       time.Now,

		sitemapSize: lists.SitemapSize,
	}
	var err error
	if s.media, err = newMedia(d.Config.MediaDir, d.Config.MediaURL, d.Catalog); err != nil {
		return nil, err
	}
	if d.ShareImages == nil {
		if d.ShareImages, err = shareimage.New(); err != nil {
			return nil, err
		}
	}
	s.share = newShareImages(d.ShareImages, s.media.art, d.Config.MediaDir, d.Config.MediaURL)
	s.seasons = &seasonsAnswer{catalog: d.Catalog}
	if _, err = s.seasons.current(); err != nil {
		return nil, err
	}
	if s.web, err = web.NewApp(d.Web, http.HandlerFunc(methodNotAllowed)); err != nil {
		return nil, err
	}
	s.web.SetHeadTags(s.providersTag())
	s.web.SetBoot(web.HomePage, bootHTML("Survivor Rankings", problem.MsgHomeIntro, true))
	s.web.SetBoot(web.BrowsePage, bootHTML("Browse Rankings", problem.MsgBrowseIntro, true))
	if s.docs, err = newAPIDocs(); err != nil {
		return nil, err
	}
	s.accounts, s.lists, s.consensus, s.legacy = set.Accounts, set.Lists, set.Consensus, set.Legacy
	s.inboxes, s.comments, s.moderation, s.polls = set.Inbox, set.Comments, set.Moderation, set.Global
	s.modUsers, s.follows, s.fanOut, s.game = set.ModerationUsers, set.Follows, set.FanOut, set.Game
	s.predictions = set.Predictions
	s.watching = set.Watching
	s.liveStreams = s.newLiveStreams()
	s.metrics.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "castaway_event_streams", Help: "Open live event streams in this process.",
	}, func() float64 { return float64(s.hub.Streams()) }))
	s.metrics.registry.MustRegister(buildInfo(d.Version), newDBPools(s.db.DB(), s.db.ReadDB()))
	if d.Mail != nil {
		s.metrics.registry.MustRegister(mailCounts(d.Mail)...)
	}
	s.metrics.registry.MustRegister(newFanOutsPending(s.fanOut, follows.PendingCounted, s.log))
	s.metrics.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "castaway_shared_read_loads_total", Help: "Reads every visitor sees alike that went to the database rather than memory.",
	}, func() float64 { return float64(s.shared.Loads()) }))
	return s, nil
}

// methodNotAllowed answers a page request that is not GET or HEAD (the app sets Allow).
func methodNotAllowed(w http.ResponseWriter, _ *http.Request) {
	writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", problem.MsgMethodNotAllowed)
}

// isStream tells a live event stream's request: it is never gzipped, as it takes its
// connection over and every event must leave at once.
func isStream(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/stream") }

// Handler is the whole site: the routes behind the middleware every request passes.
func (s *Server) Handler() http.Handler {
	routes := s.routes()
	var h http.Handler = routes
	h = httpcache.Compress(h, isStream)
	h = s.loadUser(h)
	h = s.limitBodies(h)
	h = s.boundDatabaseWork(h)
	h = rejectBadText(h)
	h = crossOrigin(h)
	h = s.metrics.instrument(h, routes)
	h = s.recoverPanics(h)
	h = s.logRequests(h)
	h = s.securityHeaders(h)
	h = withRequestID(h)
	return h
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	// A load balancer asks often and must hear back soon, even from a hung database.
	ctx, cancel := context.WithTimeout(r.Context(), 800*time.Millisecond)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.WarnContext(r.Context(), "database not ready", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("database unavailable\n"))
		return
	}
	w.Write([]byte("ready\n"))
}

// apiNotFound answers API paths no route matches with the API's error body.
func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	writeProblem(w, problem.New(problem.NotFound, "not_found", problem.MsgNotFound))
}

// CloseStreams ends open event streams so a graceful shutdown does not wait on them.
func (s *Server) CloseStreams() {
	s.hub.Close()
	s.liveStreams.Close()
}

// robots lets crawlers read the pages (list pages carry link previews) but not the API
// or the signed-in screens.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write([]byte("User-agent: *\nDisallow: /api/\nDisallow: /mylists\nDisallow: /create\nAllow: /\n\nSitemap: " +
		strings.TrimRight(s.cfg.BaseURL, "/") + "/sitemap.xml\n"))
}
