/**
 * Every query key of the app, from one place: one endpoint is cached under one key, and a
 * write invalidates exactly the keys it changes. Keys nest, so a prefix names a family
 * (`queryKeys.user(id).all` covers the profile and the lists of that user).
 */
export const queryKeys = {
  /** GET /api/me */
  me: ['me'] as const,
  /** GET /api/catalog/seasons */
  catalog: ['catalog', 'seasons'] as const,
  /** GET /api/auth/providers, /api/auth/password-policy */
  auth: {
    all: ['auth'] as const,
    providers: ['auth', 'providers'] as const,
    passwordPolicy: ['auth', 'password-policy'] as const,
  },
  /** GET /api/home, per signed-in user (favorites differ). */
  home: {
    all: ['home'] as const,
    forUser: (userId: string | null) => ['home', userId] as const,
  },
  /** GET /api/lists (browse), GET /api/lists/{userId}/{listId} and its remixes. */
  lists: {
    all: ['lists'] as const,
    browseAll: ['lists', 'browse'] as const,
    browse: (filters: object) => ['lists', 'browse', filters] as const,
    detail: (userId: string, listId: string) => ['lists', 'detail', userId, listId] as const,
    /** GET /api/lists/{userId}/{listId}/remixes */
    remixes: (userId: string, listId: string) => ['lists', 'remixes', userId, listId] as const,
  },
  /** Every user's profile and lists (a follow changes two users' counts). */
  users: ['users'] as const,
  /** GET /api/users/{userId} and GET /api/users/{userId}/lists. */
  user: (userId: string) => ({
    all: ['users', userId] as const,
    profile: ['users', userId, 'profile'] as const,
    lists: ['users', userId, 'lists'] as const,
  }),
  /** GET /api/contestants/{contestantId}, a page of lists at a time. */
  castaway: (contestantId: string) => ['castaway', contestantId] as const,
  /** GET /api/seasons/{seasonId}/game (its event stream says when to read it again) and GET /api/contestants/{contestantId}/game. */
  game: {
    all: ['game'] as const,
    season: (seasonId: string) => ['game', 'season', seasonId] as const,
    /** The season's game cut by the spoiler shield at upTo, with what the fan revealed. */
    shielded: (seasonId: string, upTo: number, reveal: string) => ['game', 'season', seasonId, upTo, reveal] as const,
    castaway: (contestantId: string) => ['game', 'castaway', contestantId] as const,
  },
  /** GET /api/seasons/{seasonId}/consensus ('' : GET /api/seasons/consensus, the seasons). */
  consensus: (seasonId: string) => ['consensus', seasonId] as const,
  /** GET /api/feed: a few for home, and the feed page's pages. */
  feed: {
    all: ['feed'] as const,
    preview: ['feed', 'preview'] as const,
    pages: ['feed', 'pages'] as const,
  },
  /** GET /api/me/watching: how far the signed-in fan has watched each season. */
  watching: ['watching'] as const,
  /** GET /api/me/draft */
  draft: ['draft'] as const,
  /** GET /api/lists/{userId}/{listId}/comments */
  comments: (listUserId: string, listId: string) => ['comments', listUserId, listId] as const,
  /** Every list's comments. */
  commentsAll: ['comments'] as const,
  /** GET /api/global-rankings (the overview), /api/global-rankings/{pollId} (results), …/submission, …/comments. */
  global: {
    all: ['global'] as const,
    polls: ['global', 'polls'] as const,
    results: (pollId: string) => ['global', 'poll', pollId, 'results'] as const,
    /** The signed-in user's ballot (dropped with the session). */
    submission: (pollId: string) => ['global', 'poll', pollId, 'submission'] as const,
    comments: (pollId: string) => ['global', 'poll', pollId, 'comments'] as const,
  },
  /** GET /api/legacy-rankings (and its event stream). */
  legacy: ['legacy'] as const,
  /** GET /api/notifications (and its event stream). */
  inbox: ['notifications'] as const,
  /** GET /api/me/sessions: where the signed-in user is signed in (dropped with the session). */
  sessions: ['sessions'] as const,
  /** GET /api/me/blocks, /api/moderation/reports?status=, /api/moderation/actions. */
  moderation: {
    all: ['moderation'] as const,
    blocks: ['moderation', 'blocks'] as const,
    queue: (status: string) => ['moderation', 'queue', status] as const,
    log: ['moderation', 'log'] as const,
    /** GET /api/moderation/users?q= and GET /api/moderation/users/{userId} */
    users: (query: string) => ['moderation', 'users', 'search', query] as const,
    user: (userId: string) => ['moderation', 'users', 'case', userId] as const,
  },
};

/** Keys that do not depend on who is signed in: kept when the user changes. */
export function isSessionIndependent(key: readonly unknown[]): boolean {
  return key[0] === queryKeys.me[0] || key[0] === queryKeys.catalog[0] || key[0] === queryKeys.auth.all[0];
}
