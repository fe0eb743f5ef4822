import { Navigate, Route, Routes, matchPath } from 'react-router';
import { Layout } from './Layout';
import { lazyPage } from './lazyPage';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { accountParts, globalListParts, homeParts, listDetailParts, myListsParts, seasonParts, userRankingsParts } from './parts';

const HomePage = lazyPage(() => import('../features/home/HomePage'));
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const AccountPage = lazyPage(() => import('../features/auth/AccountPage'));
const MyListsPage = lazyPage(() => import('../features/lists/MyListsPage'));
const BrowseRankingsPage = lazyPage(() => import('../features/lists/BrowseRankingsPage'));
const UserRankingsPage = lazyPage(() => import('../features/lists/UserRankingsPage'));
const ListDetailPage = lazyPage(() => import('../features/lists/ListDetailPage'));
const CreatePage = lazyPage(() => import('../features/lists/create/CreatePage'));
const GlobalRankingsPage = lazyPage(() => import('../features/global/GlobalRankingsPage'));
const GlobalListPage = lazyPage(() => import('../features/global/GlobalListPage'));
const SeasonsConsensusPage = lazyPage(() => import('../features/seasons/consensus/ConsensusPage'));
const SeasonPage = lazyPage(() => import('../features/seasons/SeasonPage'));
const CastawayPage = lazyPage(() => import('../features/castaways/CastawayPage'));
const LegacyPage = lazyPage(() => import('../features/legacy/LegacyPage'));
const FeedPage = lazyPage(() => import('../features/following/FeedPage'));
const ModerationPage = lazyPage(() => import('../features/moderation/ModerationPage'));

/**
 * The pages a visitor most often arrives on. The server names their code in the page's HTML
 * (web/preloads.go), so it downloads beside the app's; the app waits for it
 * before its first render, and the page paints in that render rather than after a fallback.
 */
const landingPages: [string, { preload: () => Promise<unknown> }][] = [
  ['/', HomePage],
  ['/rankings', BrowseRankingsPage],
  ['/rankings/user/:userId', UserRankingsPage],
  ['/list/:userId/:listId', ListDetailPage],
  ['/castaways/:contestantId', CastawayPage],
  ['/seasons/:seasonId', SeasonPage],
  ['/global-rankings', GlobalRankingsPage],
  ['/global-rankings/:listId', GlobalListPage],
];

/** Loads the page for pathname when it is a landing page; never fails (the route loads it again). */
export function preloadLandingPage(pathname: string): Promise<unknown> {
  const page = landingPages.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage {...homeParts} />} />
        <Route
          path="feed"
          element={
            <RequireAuth>
              <FeedPage />
            </RequireAuth>
          }
        />
        <Route
          path="login"
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="mylists"
          element={
            <RequireAuth>
              <MyListsPage {...myListsParts} />
            </RequireAuth>
          }
        />
        <Route
          path="account"
          element={
            <RequireAuth>
              <AccountPage {...accountParts} />
            </RequireAuth>
          }
        />
        <Route path="rankings" element={<BrowseRankingsPage />} />
        <Route path="rankings/user/:userId" element={<UserRankingsPage {...userRankingsParts} />} />
        <Route path="list/:userId/:listId" element={<ListDetailPage {...listDetailParts} />} />
        <Route
          path="create"
          element={
            <RequireAuth>
              <CreatePage />
            </RequireAuth>
          }
        />
        <Route path="global-rankings" element={<GlobalRankingsPage />} />
        <Route path="global-rankings/:listId" element={<GlobalListPage {...globalListParts} />} />
        <Route path="seasons" element={<SeasonsConsensusPage />} />
        <Route path="seasons/:seasonId" element={<SeasonPage {...seasonParts} />} />
        <Route path="castaways/:contestantId" element={<CastawayPage />} />
        <Route path="legacy" element={<LegacyPage />} />
        <Route
          path="moderation"
          element={
            <RequireAuth>
              <ModerationPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
