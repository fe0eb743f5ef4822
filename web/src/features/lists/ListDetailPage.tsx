import { useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { userMessage } from '../../api/userMessage';
import { FallbackImage } from '../../components/FallbackImage';
import { useShowFor } from '../../components/useShowFor';
import { useMe } from '../../lib/session';
import { useShownCount } from '../../lib/later';
import { ranksUnfinished, useUnfinishedCastaways } from '../../lib/watching';
import { useSaidBySessionGone } from '../../lib/sessionGone';
import { listPageTitle, pageTitle, usePageTitle } from '../../lib/pageTitle';
import { stripSurvivorPrefix } from '../../lib/seasonDisplay';
import { FAVORITE_ERROR, UPVOTE_ERROR, formatDate, listEntries, useFavorite, useList, useUpvote, type RankedList } from './api';
import { ShareDialog, SHARE_LOAD_ERROR, useShareImage } from './ShareDialog';
import moderation from '../../components/moderationMarks.module.css';
import { visibleTags } from '../../lib/tags';
import type { EditState } from './create/editState';
import { isBlank, readStoredCreator } from './create/creatorState';
import { remixStateFor } from './create/remixState';
import { RemixedFrom, RemixesSection, RemixIcon } from './Remixes';
import { TierChart } from './TierChart';
import { entryPath } from './entryPath';
import page from '../../components/Page.module.css';
import styles from './ListDetailPage.module.css';
import { MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';

export const FAVORITE_POPUP_MS = 2000;
export const REPLACE_DRAFT_CONFIRM = MESSAGES.remixReplacesDraft;
export const SAVED_NOTICE_MS = 3000;

interface DetailState {
  from?: 'home' | 'other';
  saved?: boolean;
}

function detailState(state: unknown): DetailState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  return {
    from: s.from === 'home' || s.from === 'other' ? s.from : undefined,
    saved: s.saved === true,
  };
}

function loadErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'user_not_found') return MESSAGES.userNotFound;
    if (err.code === 'no_lists') return MESSAGES.noLists;
    if (err.code === 'list_not_found' || err.status === 404) return MESSAGES.listNotFound;
    if (err.code === 'unsaved') return err.message;
  }
  return MESSAGES.listLoadFailed;
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function UpIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 4l7 8h-4v8H9v-8H5z" fill="currentColor" fillOpacity="0.25" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 3v12M7 8l5-5 5 5M5 13v6h14v-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function ErrorView({ message, from }: { message: string; from?: 'home' | 'other' }) {
  const navigate = useNavigate();
  const location = useLocation();
  function goBack() {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(from === 'home' ? '/' : '/rankings');
  }
  return (
    <div className={page.page}>
      <div className={styles.errorCard} role="alert">
        <h1 className={styles.errorText}>{message}</h1>
        <button type="button" className={page.button} onClick={goBack}>
          Go Back
        </button>
      </div>
    </div>
  );
}

function Skeleton() {
  return (
    <div className={page.page} role="status">
      <span className="visually-hidden">{MESSAGES.listLoading}</span>
      <div className={styles.skHero} />
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className={styles.skRow} />
      ))}
    </div>
  );
}

/** What the app hands in from other features: the list's comments, the Report button (moderation) and the author's Follow button. */
export interface ListDetailParts {
  Comments: ComponentType<{ listUserId: string; listId: string; count?: number }>;
  ReportButton: ComponentType<{ userId: string; listId: string; className?: string }>;
  FollowButton: ComponentType<{ userId: string; name: string }>;
}

function ListView({ list, Comments, ReportButton, FollowButton }: { list: RankedList } & ListDetailParts) {
  const { user, isSignedIn } = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const state = detailState(location.state);
  const [revealed, setRevealed] = useState(false);
  const [popup, showPopup] = useShowFor<string>(FAVORITE_POPUP_MS);
  const [savedNotice] = useShowFor<true>(SAVED_NOTICE_MS, state.saved === true ? true : null);
  const path = { userId: list.userId, listId: list.id };
  const upvote = useUpvote(path);
  const favorite = useFavorite(path);
  const share = useShareImage(path);

  const isOwner = user?.id === list.userId;
  const tags = visibleTags(list.tags);
  const spoiler = list.tags.includes('spoiler');
  const unfinishedCastaways = useUnfinishedCastaways();
  // A list ranking castaways of a season the fan has not finished stays covered like a spoiler.
  const unfinished = ranksUnfinished([...list.contestants, ...(list.tiers ?? []).flatMap((t) => t.contestants)], unfinishedCastaways);
  const hidden = (spoiler || unfinished) && !revealed;
  // As the app starts, the first entries at once and the rest a slice at a time (lib/later);
  // what follows the ranking once it is all there, so that it never moves down.
  const entries = list.format === 'tiers' ? 0 : list.contestants.length;
  const shown = useShownCount(entries, 6);
  const loginState = { from: location.pathname };
  const edit: EditState = { editingListId: list.id };
  const busy = upvote.isPending || favorite.isPending;
  // Each action clears the other's failure, so at most one shows.
  const failed = upvote.isError
    ? userMessage(upvote.error, UPVOTE_ERROR)
    : favorite.isError
      ? userMessage(favorite.error, FAVORITE_ERROR)
      : share.error;
  // A session ended elsewhere is said by its own notice (features/auth/SessionEnded).
  const error = useSaidBySessionGone(upvote.error ?? favorite.error) ? null : failed;

  function toggleUpvote() {
    if (!isSignedIn || busy) return;
    favorite.reset();
    upvote.mutate(!list.upvotedByMe);
  }

  function toggleFavorite() {
    if (!isSignedIn || busy) return;
    upvote.reset();
    favorite.mutate(!list.favoritedByMe, { onSuccess: (res) => showPopup(res.favorited ? 'Added to favorites' : 'Removed from favorites') });
  }

  function remix() {
    if (!isSignedIn) {
      void navigate('/login', { state: loginState });
      return;
    }
    const unsaved = readStoredCreator();
    if (unsaved && !isBlank(unsaved) && !window.confirm(REPLACE_DRAFT_CONFIRM)) return;
    void navigate('/create', { state: remixStateFor(list) });
  }

  const editButton = (label: string, className: string | undefined) =>
    isOwner ? (
      <button type="button" className={`${styles.editButton} ${className ?? ''}`} onClick={() => void navigate('/create', { state: edit })}>
        {label}
      </button>
    ) : null;

  return (
    <div className={page.page}>
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            {listEntries(list).some((i) => i.isSeason) ? 'Season' : 'Survivor'} {list.format === 'tiers' ? 'tier list' : 'ranking'}
            {!list.isPublic && <span className={styles.private}>Private</span>}
          </p>
          <h1 className={styles.title}>{list.name}</h1>
          <p className={styles.byline}>
            by{' '}
            <Link to={`/rankings/user/${encodeURIComponent(list.userId)}`} state={{ userName: list.userName }} className={styles.author}>
              {list.userName}
            </Link>
            <span aria-hidden="true"> · </span>
            <span>Updated {formatDate(list.updatedAt)}</span>
          </p>
          {isSignedIn && !isOwner && (
            <div className={styles.followAuthor}>
              <FollowButton userId={list.userId} name={list.userName} />
            </div>
          )}
          <RemixedFrom list={list} />
        </div>
        {editButton('Edit List', styles.desktopOnly)}
      </header>

      {list.hidden && (
        <p className={moderation.banner} role="note">
          {MESSAGES.listHiddenByModerators}
        </p>
      )}

      {savedNotice && (
        <p className={styles.saved} role="status">
          {MESSAGES.listSavedNotice}
        </p>
      )}

      <div className={styles.actionsRow}>
        <button
          type="button"
          className={`${styles.action} ${list.favoritedByMe ? styles.favorited : ''}`}
          aria-pressed={list.favoritedByMe}
          title={isSignedIn ? undefined : 'Sign in to favorite lists'}
          disabled={!isSignedIn || favorite.isPending}
          onClick={toggleFavorite}
        >
          <StarIcon filled={list.favoritedByMe} />
          <span className={styles.actionLabel}>Favorite</span>
        </button>
        <button
          type="button"
          className={`${styles.action} ${list.upvotedByMe ? styles.upvoted : ''}`}
          aria-pressed={list.upvotedByMe}
          aria-label={`Upvote, ${list.upvoteCount} ${list.upvoteCount === 1 ? 'vote' : 'votes'}`}
          title={isSignedIn ? undefined : 'Sign in to upvote lists'}
          disabled={!isSignedIn || upvote.isPending}
          onClick={toggleUpvote}
        >
          <UpIcon />
          <span className={styles.count}>{list.upvoteCount}</span>
        </button>
        <button
          type="button"
          className={styles.action}
          // Not disabled: a disabled button drops focus, and the dialog must hand it back here.
          aria-disabled={share.generating || undefined}
          aria-busy={share.generating || undefined}
          onClick={() => {
            if (!share.generating) void share.generate();
          }}
        >
          <ShareIcon />
          <span>{share.generating ? 'Generating...' : 'Share'}</span>
        </button>
        <button type="button" className={styles.action} onClick={remix} title={isSignedIn ? 'Start your own list from this one' : 'Sign in to remix lists'}>
          <RemixIcon />
          <span>Remix</span>
          {list.remixCount > 0 && (
            <span className={styles.count}>
              {list.remixCount}
              <span className="visually-hidden"> {list.remixCount === 1 ? 'remix' : 'remixes'}</span>
            </span>
          )}
        </button>
        {isSignedIn && !isOwner && <ReportButton userId={list.userId} listId={list.id} className={styles.action} />}
        {editButton('Edit My List', styles.mobileOnly)}
        {popup && (
          <span className={styles.popup} role="status">
            {popup}
          </span>
        )}
      </div>
      {!isSignedIn && (
        <p className={styles.signInNote}>
          <Sentence
            message={MESSAGES.listSignIn}
            values={{
              signIn: (
                <Link to="/login" state={loginState}>
                  Sign in
                </Link>
              ),
            }}
          />
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}

      {(list.description !== '' || tags.length > 0) && (
        <div className={styles.about}>
          {list.description !== '' && <p className={styles.description}>{list.description}</p>}
          {tags.length > 0 && (
            <ul className={styles.tags} aria-label="Tags">
              {tags.map((t) => (
                <li key={t.id} className={`${styles.tag} ${t.id === 'spoiler' ? styles.spoilerTag : ''}`}>
                  {t.label}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <section className={styles.ranking} aria-labelledby="ranked-heading">
        <h2 id="ranked-heading" className="visually-hidden">
          {list.format === 'tiers' ? 'Tier list' : 'Ranking'}
        </h2>
        <div className={styles.spoilerWrap}>
          {list.format === 'tiers' ? (
            <div className={hidden ? styles.blurred : undefined} aria-hidden={hidden ? true : undefined} inert={hidden ? true : undefined}>
              <TierChart tiers={list.tiers ?? []} />
            </div>
          ) : (
          <ol className={`${styles.items} ${hidden ? styles.blurred : ''}`} aria-hidden={hidden ? true : undefined} inert={hidden ? true : undefined}>
            {list.contestants.slice(0, shown).map((item, i) => (
              <li key={item.id} className={`${styles.item} ${i < 3 ? styles[`top${i + 1}`] : ''}`}>
                <span className={styles.rank}>{i + 1}</span>
                <FallbackImage src={item.imageUrl} alt="" width={72} height={72} className={item.isSeason ? styles.logo : styles.headshot} />
                <span className={styles.itemText}>
                  <span className={styles.itemName}>
                    {item.isSeason ? (
                      <Link to={entryPath(item)} className={styles.seasonLink} title="Community ranking of this season's cast">
                        {stripSurvivorPrefix(item.name)}
                      </Link>
                    ) : (
                      <Link to={entryPath(item)} className={styles.castawayLink} title="This castaway's page">
                        {item.name}
                      </Link>
                    )}
                  </span>
                  {!item.isSeason && (
                    <Link to={`/seasons/${encodeURIComponent(item.seasonId)}`} className={`${styles.itemMeta} ${styles.seasonLink}`} title="Community ranking of this season">
                      {stripSurvivorPrefix(item.seasonName)}
                    </Link>
                  )}
                  {item.note && <span className={styles.itemNote}>{item.note}</span>}
                </span>
              </li>
            ))}
          </ol>
          )}
          {hidden && (
            <div className={styles.spoilerCover}>
              <p className={styles.spoilerLabel}>{spoiler ? 'Contains Spoilers' : 'Season not finished'}</p>
              {!spoiler && <p className={styles.coverNote}>{MESSAGES.watchingListNotice}</p>}
              <button type="button" className={page.button} onClick={() => setRevealed(true)}>
                Reveal
              </button>
            </div>
          )}
        </div>
      </section>

      {shown === entries && (
        <>
          <RemixesSection list={list} />
          <Comments listUserId={list.userId} listId={list.id} count={list.commentCount} />
        </>
      )}

      {share.image && <ShareDialog list={list} image={share.image} onClose={share.close} onLoadError={() => share.fail(SHARE_LOAD_ERROR)} />}
    </div>
  );
}

export default function ListDetailPage(parts: ListDetailParts) {
  const { userId = '', listId = '' } = useParams();
  const location = useLocation();
  const { from } = detailState(location.state);
  const query = useList(userId, listId);
  usePageTitle(query.data ? listPageTitle(query.data) : pageTitle());
  if (userId === '' || listId === '') return <ErrorView message="Missing userId or listId" from={from} />;
  if (query.isPending) return <Skeleton />;
  if (query.isError) return <ErrorView message={loadErrorText(query.error)} from={from} />;
  return <ListView list={query.data} {...parts} />;
}
