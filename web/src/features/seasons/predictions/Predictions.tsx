import { useId } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { useMe } from '../../../lib/session';
import { useSeasonGame } from '../game/gameApi';
import { PredictionBoard } from './PredictionBoard';
import type { OrderToolsPart } from '../../../lib/orderTools';
import { PredictionEditor } from './PredictionEditor';
import { PredictionResults } from './PredictionResults';
import { WeeklyPick } from './WeeklyPick';
import { ErrorLine } from '../../../components/Failure';
import { PREDICTION_ERROR, scoring, useMyPrediction } from './predictionsApi';
import styles from './Predictions.module.css';

/**
 * A season's predictions on its page: before the premiere the signed-in fan orders the
 * cast; after it, their score boot by boot and the weekly pick; and the leaderboard. Shown
 * for a season on air (one whose premiere is ahead, or with a boot still to come).
 */
export function Predictions({ seasonId, OrderTools }: { seasonId: string; OrderTools: OrderToolsPart }) {
  const headingId = useId();
  const game = useSeasonGame(seasonId);
  const { user, isSignedIn } = useMe();
  const boots = game.data?.boots.length ?? 0;
  const season = game.data;
  const onAir = !!season && !season.ended && !season.winner;
  const mine = useMyPrediction(seasonId, isSignedIn && onAir, boots);
  if (!season || !onAir) return null;
  const cast = season.cast.map((c) => ({ id: c.id, name: c.name, tribe: c.originalTribe }));
  const names = new Map(cast.map((c) => [c.id, c.name]));
  const view = mine.data;
  return (
    <section className={page.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={page.sectionTitle}>
        Predictions
      </h2>
      <p className={styles.lede}>{view?.locked ? MESSAGES.predictionLockedIntro : MESSAGES.predictionIntro}</p>
      {!isSignedIn && (
        <p className={styles.lede}>
          <Link to="/login">{MESSAGES.predictionSignedOut}</Link>
        </p>
      )}
      {isSignedIn && mine.isPending && <p className={styles.status}>Loading…</p>}
      {isSignedIn && <ErrorLine request={mine} fallback={PREDICTION_ERROR} />}
      {view && !view.locked && (
        <PredictionEditor key={seasonId} seasonId={seasonId} cast={cast} initial={view.entry?.order ?? []} OrderTools={OrderTools} />
      )}
      {view && view.locked && <PredictionResults view={view} names={names} />}
      {view && scoring(view, boots) && <p className={styles.status}>{MESSAGES.predictionScoringPending}</p>}
      {view && <WeeklyPick view={view} cast={cast} />}
      <PredictionBoard seasonId={seasonId} signedIn={isSignedIn} boots={boots} me={user?.id ?? ''} />
    </section>
  );
}
