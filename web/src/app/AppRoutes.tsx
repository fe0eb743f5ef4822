import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Layout } from './Layout';
import { RedirectIfSignedIn, RequireAuth } from './guards';

const HomePage = lazy(() => import('../features/home/HomePage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const AccountPage = lazy(() => import('../features/auth/AccountPage'));
const MyListsPage = lazy(() => import('../features/lists/MyListsPage'));
const BrowseRankingsPage = lazy(() => import('../features/lists/BrowseRankingsPage'));
const UserRankingsPage = lazy(() => import('../features/lists/UserRankingsPage'));
const ListDetailPage = lazy(() => import('../features/lists/ListDetailPage'));
const CreatePage = lazy(() => import('../features/lists/create/CreatePage'));
const GlobalRankingsPage = lazy(() => import('../features/global/GlobalRankingsPage'));
const GlobalListPage = lazy(() => import('../features/global/GlobalListPage'));
const SeasonsConsensusPage = lazy(() => import('../features/seasons/consensus/ConsensusPage'));
const SeasonConsensusPage = lazy(() => import('../features/seasons/consensus/ConsensusPage').then((m) => ({ default: m.SeasonConsensusPage })));
const LegacyPage = lazy(() => import('../features/legacy/LegacyPage'));
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage'));

/** The route table of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
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
              <MyListsPage />
            </RequireAuth>
          }
        />
        <Route
          path="account"
          element={
            <RequireAuth>
              <AccountPage />
            </RequireAuth>
          }
        />
        <Route path="rankings" element={<BrowseRankingsPage />} />
        <Route path="rankings/user/:userId" element={<UserRankingsPage />} />
        <Route path="list/:userId/:listId" element={<ListDetailPage />} />
        <Route
          path="create"
          element={
            <RequireAuth>
              <CreatePage />
            </RequireAuth>
          }
        />
        <Route path="global-rankings" element={<GlobalRankingsPage />} />
        <Route path="global-rankings/:listId" element={<GlobalListPage />} />
        <Route path="seasons" element={<SeasonsConsensusPage />} />
        <Route path="seasons/:seasonId" element={<SeasonConsensusPage />} />
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
