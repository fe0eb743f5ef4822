import styles from './GameCredit.module.css';

export const SURVIVOR_DATA_URL = 'https://github.com/doehm/survivoR';

/**
 * The credit the survivoR data set's licence asks for, at the foot of everything showing its
 * data. Plain links: the licence is a page the server answers, not one of the app's routes.
 */
export function GameCredit() {
  return (
    <p className={styles.credit}>
      Game data: <a href={SURVIVOR_DATA_URL}>survivoR</a> (<a href="/licenses/survivor">licence</a>)
    </p>
  );
}
