import { useMe } from '../../lib/session';
import { FOLLOW_FAILED, useFollowing, useSetFollowing } from './followApi';
import { ErrorLine } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './Following.module.css';

/** 'Follow' or 'Following' (press to unfollow) a fan, for a signed-in reader who is not them. */
export function FollowButton({ userId, name }: { userId: string; name: string }) {
  const { user } = useMe();
  const mine = user === null || user.id === userId;
  const following = useFollowing(mine ? '' : userId);
  const set = useSetFollowing(userId);
  if (mine || userId === '') return null;
  const on = following.data === true;
  return (
    <span className={styles.follow}>
      <button
        type="button"
        className={on ? page.buttonGhost : page.button}
        aria-pressed={on}
        title={on ? `Unfollow ${name}` : undefined}
        onClick={() => set.mutate(!on)}
        disabled={set.isPending || following.isPending}
        aria-busy={set.isPending || undefined}
      >
        {on && (
          <span aria-hidden="true" className={styles.check}>
            ✓
          </span>
        )}
        {on ? 'Following' : 'Follow'}
        <span className="visually-hidden"> {name}</span>
      </button>
      <ErrorLine request={set} fallback={FOLLOW_FAILED} className={styles.error} inline />
    </span>
  );
}
