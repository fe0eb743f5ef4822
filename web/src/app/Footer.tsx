import { Link } from 'react-router';
import styles from './Footer.module.css';
import { MESSAGES } from '../api/contract';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p className={styles.tagline}>{MESSAGES.tagline}</p>
      <ul className={styles.links}>
        <li>
          <Link to="/legacy">Legacy rankings</Link>
        </li>
        <li>
          <a href="https://www.cbs.com/shows/survivor/" target="_blank" rel="noopener noreferrer">
            Survivor on CBS (official site)
          </a>
        </li>
        <li>
          <a href="https://github.com/doehm/survivoR" target="_blank" rel="noopener noreferrer">
            survivoR dataset
          </a>
        </li>
      </ul>
    </footer>
  );
}
