import { useMemo } from 'react';
import { UsernameEditor } from '../features/auth/UsernameEditor';
import type { AccountParts } from '../features/auth/AccountPage';
import type { CommentParts } from '../features/comments/CommentItem';
import { CommentsSection } from '../features/comments/CommentsSection';
import { pollThread } from '../features/comments/commentsApi';
import type { GlobalListParts } from '../features/global/GlobalListPage';
import type { ListDetailParts } from '../features/lists/ListDetailPage';
import type { MyListsParts } from '../features/lists/MyListsPage';
import type { UserRankingsParts } from '../features/lists/UserRankingsPage';
import { BlockButton } from '../features/moderation/BlockButton';
import { BlockedUsers } from '../features/moderation/BlockedUsers';
import { ReportDialog } from '../features/moderation/ReportDialog';
import { ReportListButton } from '../features/moderation/ReportListButton';

// Where features meet. A feature imports no other feature; a page that shows another
// feature's part declares it as a prop, and the routes hand in what is here. Landing pages'
// parts are imported, not lazy, so they are ready at the page's first paint.

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

export const listDetailParts: ListDetailParts = { Comments: ListComments, ReportButton: ReportListButton };
export const globalListParts: GlobalListParts = { Comments: PollComments };
export const userRankingsParts: UserRankingsParts = { BlockButton };
export const myListsParts: MyListsParts = { UsernameEditor };
export const accountParts: AccountParts = { BlockedUsers };
