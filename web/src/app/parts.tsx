import { Suspense, lazy, useMemo, type ComponentType, type ReactElement } from 'react';
import type { AccountParts } from '../features/auth/AccountPage';
import type { CommentParts } from '../features/comments/CommentItem';
import { pollThread } from '../features/comments/commentsApi';
import type { GlobalListParts } from '../features/global/GlobalListPage';
import type { ListDetailParts } from '../features/lists/ListDetailPage';
import type { MyListsParts } from '../features/lists/MyListsPage';
import type { UserRankingsParts } from '../features/lists/UserRankingsPage';
import type { HomeParts } from '../features/home/HomePage';
import type { SeasonParts } from '../features/seasons/SeasonPage';

/**
 * A part of another feature, loaded on first use in a chunk of its own (so no landing
 * page's first paint carries it) and shown in its place, with nothing there meanwhile.
 */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

const CommentsSection = lazyPart(() => import('../features/comments/CommentsSection').then((m) => m.CommentsSection));
const ReportDialog = lazyPart(() => import('../features/moderation/ReportDialog').then((m) => m.ReportDialog));
const BlockButton = lazyPart(() => import('../features/moderation/BlockButton').then((m) => m.BlockButton));
const ReportListButton = lazyPart(() => import('../features/moderation/ReportListButton').then((m) => m.ReportListButton));
const UsernameEditor = lazyPart(() => import('../features/auth/UsernameEditor').then((m) => m.UsernameEditor));
const FollowButton = lazyPart(() => import('../features/following/FollowButton').then((m) => m.FollowButton));
const FollowedSection = lazyPart(() => import('../features/following/FollowedSection').then((m) => m.FollowedSection));
const OrderTools = lazyPart(() => import('../features/lists/create/OrderTools').then((m) => m.OrderTools));
const BlockedUsers = lazyPart(() => import('../features/moderation/BlockedUsers').then((m) => m.BlockedUsers));

// Where features meet. A feature imports no other feature; a page that shows another
// feature's part declares it as a prop, and the routes hand in what is here.

/** Moderation's report dialog and block button beside others' comments. */
export const commentParts: CommentParts = { ReportDialog, BlockButton };

/** A list's comments. */
function ListComments(props: { listUserId: string; listId: string; count?: number }) {
  return <CommentsSection {...props} parts={commentParts} />;
}

/** A global poll's discussion. */
function PollComments({ pollId, ...rest }: { pollId: string; title: string; placeholder: string }) {
  const thread = useMemo(() => pollThread(pollId), [pollId]);
  return <CommentsSection thread={thread} {...rest} parts={commentParts} />;
}

export const listDetailParts: ListDetailParts = { Comments: ListComments, ReportButton: ReportListButton, FollowButton };
export const globalListParts: GlobalListParts = { Comments: PollComments };
export const userRankingsParts: UserRankingsParts = { BlockButton, FollowButton };
export const homeParts: HomeParts = { FollowedSection };
export const myListsParts: MyListsParts = { UsernameEditor };
export const accountParts: AccountParts = { BlockedUsers };
/** A prediction's editor orders the cast with the creator's tools. */
export const seasonParts: SeasonParts = { OrderTools };
