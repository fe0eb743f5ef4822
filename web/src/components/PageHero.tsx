import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

interface Props {
  eyebrow?: string;
  /** Shown in capitals; wrap any part a fan wrote in <UserText> to keep its casing. */
  title: ReactNode;
  children?: ReactNode;
  compact?: boolean;
}

/** The sunset-over-the-island banner every page opens with. */
export function PageHero({ eyebrow, title, children, compact = false }: Props) {
  return (
    <section className={`${styles.hero} ${compact ? styles.compact : ''}`}>
      <svg className={styles.scene} viewBox="0 0 800 220" preserveAspectRatio="xMidYMax slice" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
            <stop offset="0" stopColor="#fff1c2" />
            <stop offset="0.6" stopColor="#f7b541" />
            <stop offset="1" stopColor="#f28c28" stopOpacity="0" />
          </radialGradient>
        </defs>
        <circle cx="610" cy="150" r="70" fill="url(#hero-sun)" />
        <path d="M0 168h800v52H0z" fill="#0d2a2a" opacity="0.85" />
        <path d="M0 176h800M40 186h300M420 190h330M120 200h240M500 206h200" stroke="#f7b541" strokeOpacity="0.35" strokeWidth="2" />
        <path d="M430 170c40-30 90-40 150-36 50 4 90 16 120 36z" fill="#071510" />
        <path d="M520 140c-6-24-2-46 8-62M528 78c-18-6-36 0-46 12 14-4 30-4 46-12zm0 0c16-12 34-12 46-4-14 0-30 0-46 4zm0 0c-4-16 4-30 16-38-4 12-10 24-16 38zm0 0c-14 6-24 18-26 32 8-12 16-22 26-32z" stroke="#071510" strokeWidth="5" fill="#071510" strokeLinecap="round" />
        <path d="M640 150c4-20 14-38 26-48M666 102c-14-8-30-6-40 2 12 0 26-2 40-2zm0 0c14-10 30-8 40 0-12-2-26-2-40 0zm0 0c0-14 8-24 20-30-6 10-12 20-20 30z" stroke="#071510" strokeWidth="4" fill="#071510" strokeLinecap="round" />
        <g className={styles.torches}>
          <rect x="392" y="112" width="6" height="60" rx="2" fill="#3b2413" />
          <path d="M388 104h14l-2 10h-10z" fill="#6b4423" />
          <path d="M395 76c6 8 10 13 10 20 0 6-4 9-10 9s-10-3-10-9c0-4 3-7 5-10 0 4 2 6 4 6-1-6 0-11 1-16z" fill="#f28c28" className={styles.flame} />
          <rect x="712" y="122" width="6" height="50" rx="2" fill="#3b2413" />
          <path d="M708 114h14l-2 10h-10z" fill="#6b4423" />
          <path d="M715 88c6 8 10 13 10 20 0 6-4 9-10 9s-10-3-10-9c0-4 3-7 5-10 0 4 2 6 4 6-1-6 0-11 1-16z" fill="#f7b541" className={styles.flame} />
        </g>
      </svg>
      <div className={styles.text}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {children && <div className={styles.lede}>{children}</div>}
      </div>
    </section>
  );
}
