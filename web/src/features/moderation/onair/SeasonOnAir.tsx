import { useEffect, useRef, useState } from 'react';
import { MESSAGES, formatMessage } from '../../../api/contract';
import { userMessage } from '../../../api/userMessage';
import { LoadFailed } from '../../../components/Failure';
import { BootOrder } from './BootOrder';
import { RecordBootForm } from './RecordBootForm';
import { useSeasonGame } from './onairApi';
import styles from './OnAir.module.css';

interface Props {
  seasonId: string;
  /** Says what was done, for the tab's notice. */
  onDone: (said: string) => void;
  /** Focus the season's name once it shows (it was just added). */
  focusOnLoad?: boolean;
}

/**
 * A season to record: 'Record a boot' for a season on air, the boot order so far below it
 * with 'Undo last boot'. A published season (it has a winner) says so, as the server would.
 */
export function SeasonOnAir({ seasonId, onDone, focusOnLoad = false }: Props) {
  const game = useSeasonGame(seasonId);
  // A new form after each record or undo: prefilled for the next boot.
  const [round, setRound] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = game.data !== undefined;
  useEffect(() => {
    if (loaded && focusOnLoad) heading.current?.focus();
  }, [loaded, focusOnLoad]);

  if (game.isPending) {
    return (
      <p role="status" className={styles.muted}>
        {MESSAGES.onAirSeasonLoading}
      </p>
    );
  }
  if (game.isError) {
    return <LoadFailed message={userMessage(game.error, MESSAGES.onAirGameFailed)} onRetry={() => void game.refetch()} className={styles.failed} />;
  }
  const season = game.data;
  const playing = season.cast.filter((c) => c.result === '').sort((a, b) => a.name.localeCompare(b.name));
  const onAir = !season.winner;
  return (
    <div className={styles.season}>
      <div className={styles.card}>
        <h2 ref={heading} tabIndex={-1} className={styles.seasonName}>
          {season.name}
        </h2>
        {!onAir ? (
          <p className={styles.muted}>{formatMessage(MESSAGES.onAirNotOnAir, { label: season.name })}</p>
        ) : playing.length === 0 ? (
          <p className={styles.muted}>{MESSAGES.onAirNobodyLeft}</p>
        ) : (
          <RecordBootForm
            key={round}
            season={season}
            playing={playing}
            onRecorded={(_, boot) => {
              setRound((r) => r + 1);
              const name = playing.find((c) => c.id === boot.castaway)?.name ?? boot.castaway;
              onDone(formatMessage(MESSAGES.onAirRecorded, { name, result: boot.result }));
            }}
          />
        )}
      </div>
      <BootOrder
        season={season}
        canUndo={onAir}
        onUndone={(name) => {
          setRound((r) => r + 1);
          onDone(formatMessage(MESSAGES.onAirUndone, { name }));
        }}
      />
    </div>
  );
}
