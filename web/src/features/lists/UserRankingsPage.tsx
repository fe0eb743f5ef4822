import type { ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { userMessage } from '../../api/userMessage';
import { EmptyState, PageRestLoading } from '../../components/EmptyState';
import { IdolIcon } from '../../components/icons';
import { PageHero } from '../../components/PageHero';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { isNotFound, useUserLists, useUserProfile } from './api';
import { ListCardGrid } from '../../components/ListCard';
import pageStyles from '../../components/Page.module.css';
import styles from './UserRankingsPage.module.css';
import { ApiError } from '../../api/client';
import { formatMessage, MESSAGES } from '../../api/contract';
import { LoadFailed } from '../../components/Failure';

const LOAD_ERROR = MESSAGES.browseFailed;

function userNameFromState(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'userName' in state) {
    const name = (state as { userName: unknown }).userName;
    if (typeof name === 'string' && name !== '') return name;
  }
  return null;
}

/** What the app hands in: moderation's Block button and following's Follow button. */
export interface UserRankingsParts {
  BlockButton: ComponentType<{ userId: string; name: string; blocked: boolean }>;
  FollowButton: ComponentType<{ userId: string; name: string }>;
}

export default function UserRankingsPage({ BlockButton, FollowButton }: UserRankingsParts) {
  const { userId = '' } = useParams();
  const location = useLocation();
  const stateName = userNameFromState(location.state);

  const profile = useUserProfile(userId);
  const lists = useUserLists(userId);
  const { user } = useMe();
  const blocked = profile.data?.blockedByMe === true;

  // A moderator suspended the account: its page is gone for everyone else until it is restored.
  const gone =
    profile.error instanceof ApiError && profile.error.code === 'user_suspended'
      ? { title: 'Account suspended', text: profile.error.message }
      : isNotFound(profile.error) || isNotFound(lists.error)
        ? { title: MESSAGES.userNotFound, text: MESSAGES.userGone }
        : null;
  const name = profile.data?.displayName ?? stateName;
  usePageTitle(pageTitle(gone?.title ?? (name !== null ? `Rankings by ${name}` : undefined)));
  if (gone) {
    return (
      <div className={pageStyles.page}>
        <PageHero eyebrow="Player profile" title={gone.title} compact>
          <p>{gone.text}</p>
          <div className={pageStyles.actions}>
            <Link to="/rankings" className={pageStyles.button}>
              Browse Rankings
            </Link>
          </div>
        </PageHero>
      </div>
    );
  }

  if (profile.isPending) {
    // The banner's words and counts, and the page below them, wait for the profile: a name on
    // two lines, or the counts, would push down whatever had been drawn under placeholders.
    return (
      <div className={pageStyles.page}>
        <PageHero eyebrow="Player profile" title={name !== null ? <>Rankings by <span className="user-text">{name}</span></> : <span className="visually-hidden">Rankings</span>} compact />
        <PageRestLoading message={MESSAGES.profileLoading} />
      </div>
    );
  }

  const count = lists.data?.length ?? profile.data?.listCount;

  return (
    <div className={pageStyles.page}>
      <PageHero eyebrow="Player profile" title={
          <>
            Rankings by {name !== null ? <span className="user-text">{name}</span> : '…'}
          </>
        } compact>
        <div className={styles.stats}>
          <p className={styles.stat}>
            <IdolIcon width={18} height={18} className={styles.idol} />
            {profile.data ? (
              formatMessage(MESSAGES.idolCount, { count: profile.data.idolsFound })
            ) : (
              <span className={styles.pending}>{formatMessage(MESSAGES.idolCount, { count: '…' })}</span>
            )}
          </p>
          <p className={styles.stat}>{count !== undefined ? `${count} ranking(s) created by this user` : <span className={styles.pending}>{MESSAGES.countingRankings}</span>}</p>
          <p className={styles.stat} data-testid="follow-counts">
            {profile.data ? (
              <>
                <span>
                  <strong>{profile.data.followerCount}</strong> {profile.data.followerCount === 1 ? 'follower' : 'followers'}
                </span>
                <span aria-hidden="true"> · </span>
                <span>
                  <strong>{profile.data.followingCount}</strong> following
                </span>
              </>
            ) : (
              <span className={styles.pending}>{MESSAGES.countingFollowers}</span>
            )}
          </p>
        </div>
        {user && profile.data && user.id !== userId && (
          <div className={pageStyles.actions}>
            {!blocked && <FollowButton userId={userId} name={profile.data.displayName} />}
            <BlockButton userId={userId} name={profile.data.displayName} blocked={blocked} />
          </div>
        )}
      </PageHero>

      <section className={pageStyles.section} aria-labelledby="user-lists">
        <h2 id="user-lists" className={pageStyles.sectionTitle}>
          Rankings
        </h2>
        {lists.isError ? (
          <LoadFailed message={userMessage(lists.error, LOAD_ERROR)} onRetry={() => void lists.refetch()} className={styles.error} />
        ) : blocked ? (
          <EmptyState>{formatMessage(MESSAGES.userBlockedLists, { name: name ?? 'this player' })}</EmptyState>
        ) : lists.data && lists.data.length === 0 ? (
          <EmptyState>{formatMessage(MESSAGES.userNoLists, { name: name ?? 'This player' })}</EmptyState>
        ) : (
          <ListCardGrid lists={lists.data} from="other" loading={lists.isPending} hideAuthor label={name !== null ? `Rankings by ${name}` : 'Rankings'} />
        )}
      </section>
    </div>
  );
}
