import { MESSAGES } from '../../api/contract';
import styles from './Watching.module.css';

interface Props {
  /** What the placeholder stands for, for the reveal button's name ('boot 5', 'the winner'). */
  what: string;
  onReveal: () => void;
  /** The sentence shown (MESSAGES.watchingHiddenItem unless told). */
  message?: string;
  as?: 'p' | 'div';
}

/** Stands where the spoiler shield left something out, with a button asking the server for it. */
export function HiddenItem({ what, onReveal, message = MESSAGES.watchingHiddenItem, as: Tag = 'p' }: Props) {
  return (
    <Tag className={styles.hidden}>
      <span>{message}</span>
      <button type="button" className={styles.reveal} onClick={onReveal} aria-label={`Reveal ${what}`}>
        Reveal
      </button>
    </Tag>
  );
}
