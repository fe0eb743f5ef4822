import { Link } from 'react-router';
import { FallbackImage } from '../../../components/FallbackImage';
import type { Person } from './people';
import styles from './Game.module.css';

interface Props {
  person: Person;
  /** Their headshot before the name. */
  face?: boolean;
  /** The show's short name (a vote tally), the full name on hover. */
  short?: boolean;
}

/** A castaway's name (and face), opening their page. */
export function CastawayLink({ person, face = false, short = false }: Props) {
  return (
    <Link to={`/castaways/${encodeURIComponent(person.id)}`} className={styles.person} title={short ? person.name : undefined}>
      {face && <FallbackImage src={person.imageUrl} alt="" width={32} height={32} className={styles.face} />}
      <span>{short ? person.short : person.name}</span>
    </Link>
  );
}
