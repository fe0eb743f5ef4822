import { useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { DndContext } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys';
import { userMessage } from '../../api/userMessage';
import { FallbackImage } from '../../components/FallbackImage';
import { PageHero } from '../../components/PageHero';
import { useIsMobile } from '../../components/useMediaQuery';
import { useShowFor } from '../../components/useShowFor';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { DraggablePanelTile, DragPreview } from '../../components/RankItem';
import { PanelPortal } from '../../components/seasonsPanel/panelSlot';
import { SeasonsPanel } from '../../components/seasonsPanel/SeasonsPanel';
import type { PanelItem } from '../../lib/panelItem';
import { BallotBoard, useBallotDrag } from './BallotBoard';
import {
  DATA_MISSING,
  ERROR_MS,
  LOAD_FAILED,
  RELOAD_FAILED,
  SIGNED_OUT,
  SUBMITTED,
  SUBMITTED_MS,
  SUBMIT_FAILED,
  emptySlots,
  isNotFound,
  useMySubmission,
  usePollResults,
  useSubmitRanking,
  type GlobalResults,
  type Slots,
} from './globalApi';
import { clearSlot, moveSlot, placeItem } from './slots';
import { LoadFailed } from '../../components/Failure';
import page from '../../components/Page.module.css';
import styles from './Global.module.css';
import { formatMessage, MESSAGES } from '../../api/contract';

export const INSTRUCTIONS = MESSAGES.rankingInstructions;
export const CLOSED_NOTICE = MESSAGES.pollClosedResults;

type Mode = 'edit' | 'results';

function Hero({ results }: { results?: GlobalResults }) {
  return (
    <PageHero eyebrow="Global ranking" title={results?.poll.title ?? 'Global Ranking'} compact>
      {results && (
        <>
          <p>{results.poll.description}</p>
          <p className={styles.total}>Total Submissions: {results.totalSubmissions}</p>
        </>
      )}
    </PageHero>
  );
}

/** The aggregated top 10: rank, picture, name and points. */
export function ResultsList({ results }: { results: GlobalResults }) {
  if (results.top10.length === 0) {
    return <p className={styles.noVotes}>{MESSAGES.pollNoVotes}</p>;
  }
  return (
    <ol className={styles.results} aria-label="Global Top 10">
      {results.top10.map((it, i) => (
        <li key={it.id} className={styles.result}>
          <span className={styles.resultRank} aria-label={`Rank ${i + 1}`}>
            {i + 1}
          </span>
          <FallbackImage src={it.imageUrl} alt="" className={styles.resultImage} width={56} height={56} />
          <span className={styles.resultName}>{it.name}</span>
          <span className={styles.points}>{it.totalScore} pts</span>
        </li>
      ))}
    </ol>
  );
}

/** What the app hands in: the poll's discussion (the comments feature). */
export interface GlobalListParts {
  Comments: ComponentType<{ pollId: string; title: string; placeholder: string }>;
}

interface ViewProps extends GlobalListParts {
  pollId: string;
  results: GlobalResults;
}

function PollView({ pollId, results, Comments }: ViewProps) {
  const { isSignedIn, isLoading: meLoading } = useMe();
  const location = useLocation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const poll = results.poll;
  const open = poll.isOpen;
  const submission = useMySubmission(pollId, isSignedIn && open);
  const hasSubmission = submission.data != null;
  const submit = useSubmitRanking(pollId);

  // The mode the user chose; until they choose, it follows what is known (spec section 4).
  const [chosen, setChosen] = useState<Mode | null>(null);
  const startMode: Mode = isSignedIn && open && submission.isSuccess && submission.data === null ? 'edit' : 'results';
  const mode: Mode = !open || !isSignedIn ? 'results' : (chosen ?? startMode);

  const [draft, setDraft] = useState<Slots | null>(null);
  const slots = draft ?? submission.data ?? emptySlots();
  const [notice, showNotice] = useShowFor<string>(SUBMITTED_MS);
  const [error, showError, hideError] = useShowFor<string>(ERROR_MS);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const boardRef = useRef<HTMLElement>(null);

  function place(item: PanelItem, index?: number) {
    const outcome = placeItem(slots, item, poll, index);
    if (outcome.kind === 'refused') {
      showError(outcome.message);
      return;
    }
    hideError();
    setDraft(outcome.slots);
  }

  const drag = useBallotDrag({
    slots,
    onPlace: (item, index) => place(item, index),
    onMove: (from, to) => setDraft(moveSlot(slots, from, to)),
    onPanelDragStart: () => {
      if (isMobile) setSheetOpen(false);
    },
  });

  const addable = useMemo(
    () => ({
      onAdd: (item: PanelItem) => {
        place(item);
        if (isMobile) setSheetOpen(false);
      },
      tile: DraggablePanelTile,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [slots, isMobile, poll],
  );

  function switchTo(next: Mode) {
    hideError();
    setSignInNeeded(false);
    setChosen(next);
  }

  async function onSubmit(e?: FormEvent) {
    e?.preventDefault();
    if (submit.isPending) return;
    if (!isSignedIn) {
      showError(SIGNED_OUT);
      return;
    }
    if (!queryClient.getQueryData(queryKeys.global.results(pollId))) {
      showError(DATA_MISSING);
      return;
    }
    hideError();
    try {
      const fresh = await submit.mutateAsync(slots);
      queryClient.setQueryData(queryKeys.global.results(pollId), fresh);
      setDraft(null);
      showNotice(SUBMITTED);
      setChosen('results');
      // The results start where the ballot did: bring the heading and the notice into view.
      boardRef.current?.scrollIntoView?.({ block: 'start' });
    } catch (err) {
      showError(userMessage(err, SUBMIT_FAILED));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.global.results(pollId) });
    if (queryClient.getQueryState(queryKeys.global.results(pollId))?.status === 'error') showError(RELOAD_FAILED);
  }

  function askToVote() {
    if (!isSignedIn) {
      setSignInNeeded(true);
      showError(SIGNED_OUT);
      return;
    }
    switchTo('edit');
  }

  const heading = mode === 'edit' ? (hasSubmission ? 'Edit Your Submission' : 'Vote for Your Top 10') : 'Global Top 10 Results';
  const editing = mode === 'edit';
  const filled = slots.filter(Boolean).length;

  const messages = (
    <div className={styles.messages} aria-live="polite">
      {notice && (
        <p className={styles.success} role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
          {signInNeeded && !isSignedIn && (
            <>
              {' '}
              <Link to="/login" state={{ from: location.pathname }}>
                Sign in
              </Link>
            </>
          )}
        </p>
      )}
    </div>
  );

  const body = editing ? (
    <form className={styles.ballot} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="global-heading">
      <p className={styles.hint}>
        {isMobile ? formatMessage(MESSAGES.ballotInstructionsMobile, { season: poll.seasonName }) : INSTRUCTIONS}
      </p>
      {isMobile && (
        <button type="button" className={styles.openSheet} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          <span aria-hidden="true">+</span> Add castaways
        </button>
      )}
      <p className={styles.count}>
        {filled} of 10 slots filled
      </p>
      <BallotBoard slots={slots} activeDrag={drag.activeDrag} onRemove={(i) => setDraft(clearSlot(slots, i))} />
      <div className={page.actions}>
        <button type="submit" className={page.button} disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit My Ranking'}
        </button>
        <button type="button" className={page.buttonGhost} onClick={() => switchTo('results')}>
          View Global Ranking
        </button>
      </div>
    </form>
  ) : (
    <>
      {open && !meLoading && (
        <div className={`${page.actions} ${styles.boardActions}`}>
          {hasSubmission ? (
            <button type="button" className={page.button} onClick={() => switchTo('edit')}>
              View/Edit My Submission
            </button>
          ) : (
            <button type="button" className={page.button} onClick={askToVote} disabled={isSignedIn && submission.isPending}>
              Submit My Ranking
            </button>
          )}
        </div>
      )}
      <ResultsList results={results} />
    </>
  );

  return (
    <DndContext {...drag.contextProps}>
      {editing && (
        <PanelPortal>
          <SeasonsPanel addable={addable} instructions={INSTRUCTIONS} sheet={{ open: sheetOpen, onClose: () => setSheetOpen(false) }} />
        </PanelPortal>
      )}
      <div className={page.page}>
        <Hero results={results} />
        {!open && (
          <p className={styles.closed} role="note">
            {CLOSED_NOTICE}
          </p>
        )}
        <section ref={boardRef} className={styles.board} aria-labelledby="global-heading">
          <h2 id="global-heading" className={page.sectionTitle}>
            {heading}
          </h2>
          {submission.isError && isSignedIn && open && <p className={styles.error}>{userMessage(submission.error, LOAD_FAILED)}</p>}
          {messages}
          {body}
        </section>
        <Comments pollId={pollId} title="Discussion" placeholder={MESSAGES.pollCommentPlaceholder} />
      </div>
      {editing && <DragPreview drag={drag.activeDrag} />}
    </DndContext>
  );
}

export default function GlobalListPage({ Comments }: GlobalListParts) {
  const { listId = '' } = useParams();
  const results = usePollResults(listId);
  usePageTitle(pageTitle(results.data?.poll.title ?? 'Global Ranking'));
  if (results.isError && isNotFound(results.error)) return <Navigate to="/global-rankings" replace />;
  if (results.data) return <PollView key={listId} pollId={listId} results={results.data} Comments={Comments} />;
  return (
    <div className={page.page}>
      <Hero />
      {results.isError ? (
        <LoadFailed message={userMessage(results.error, LOAD_FAILED)} onRetry={() => void results.refetch()} className={styles.loadError} retryLabel="Retry" />
      ) : (
        <div className={styles.skeleton} role="status">
          <span className="visually-hidden">{MESSAGES.pollLoading}</span>
        </div>
      )}
    </div>
  );
}
