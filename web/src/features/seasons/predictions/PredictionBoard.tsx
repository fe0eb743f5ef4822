import { useState } from 'react';
import { Link } from 'react-router';
import { formatMessage, MESSAGES } from '../../../api/contract';
import page from '../../../components/Page.module.css';
import { ErrorLine } from '../../../components/Failure';
import { HiddenItem } from '../../../components/watching/HiddenItem';
import { PREDICTION_ERROR, revealPredictions, usePredictionBoard } from './predictionsApi';
import styles from './Predictions.module.css';

/** A season's leaderboard: everyone's, or (signed in) the fan's and those they follow. */
export function PredictionBoard({ seasonId, signedIn, boots, me }: { seasonId: string; signedIn: boolean; boots: number; me: string }) {
  const [following, setFollowing] = useState(false);
  const board = usePredictionBoard(seasonId, following && signedIn, boots);
  return (
    <div className={styles.panel}>
      <h3 className={styles.heading}>Leaderboard</h3>
      {signedIn && (
        <div className={styles.tabs} role="group" aria-label="Whose scores">
          <button type="button" className={`${page.buttonGhost} ${styles.tab}`} aria-pressed={!following} onClick={() => setFollowing(false)}>
            Everyone
          </button>
          <button type="button" className={`${page.buttonGhost} ${styles.tab}`} aria-pressed={following} onClick={() => setFollowing(true)}>
            Fans you follow
          </button>
        </div>
      )}
      {board.isPending && <p className={styles.status}>Loading…</p>}
      <ErrorLine request={board} fallback={PREDICTION_ERROR} />
      {board.data?.shield && (
        <HiddenItem
          what="the leaderboard"
          message={formatMessage(MESSAGES.predictionShieldBoard, { episode: board.data.shield.upTo })}
          onReveal={() => revealPredictions(seasonId)}
        />
      )}
      {board.data && !board.data.shield && board.data.entries.length === 0 && (
        <p className={styles.lede}>{following ? MESSAGES.predictionFollowingEmpty : MESSAGES.predictionBoardEmpty}</p>
      )}
      {board.data && board.data.entries.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label={following ? 'Leaderboard of the fans you follow' : 'Leaderboard'}>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Fan</th>
                <th scope="col">Points</th>
                <th scope="col">Called</th>
              </tr>
            </thead>
            <tbody>
              {board.data.entries.map((e) => (
                <tr key={e.userId} className={e.userId === me ? styles.hit : undefined}>
                  <td>{e.rank}</td>
                  <td>
                    <Link to={`/rankings/user/${encodeURIComponent(e.userId)}`}>{e.userName}</Link>
                  </td>
                  <td>{e.score.score}</td>
                  <td>{e.score.hits}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={styles.status}>{MESSAGES.predictionScoring}</p>
    </div>
  );
}
