import type { CastawayPlace } from '../castawayApi';
import { VERDICT_TEXT, fansVsGameText, gameOnlyText, verdict } from './judgement';
import styles from './CastawayGame.module.css';

interface Props {
  /** Their place in the season's community ranking. */
  community: CastawayPlace;
  /** Their place in the cast by the game's overall score. */
  gameRank: number | undefined;
  castSize: number | undefined;
}

/** Where fans rank them in a season beside where the game's score puts them, and whether fans over- or underrate them. */
export function FansVsGame({ community, gameRank, castSize }: Props) {
  if (!gameRank || !castSize) return null;
  const game = { place: gameRank, of: castSize };
  if (community.place === undefined) return <p className={styles.versus}>{gameOnlyText(game)}</p>;
  const fans = { place: community.place, of: community.ranked };
  const v = verdict(fans, game);
  return (
    <p className={styles.versus}>
      {fansVsGameText(fans, game)} <span className={`${styles.verdict} ${styles[v]}`}>{VERDICT_TEXT[v]}</span>
    </p>
  );
}
