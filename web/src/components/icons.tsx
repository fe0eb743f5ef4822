import { useId, type SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

const base = {
  'aria-hidden': true,
  focusable: false,
} as const;

/** The site mark: a tiki torch with a live flame. */
export function TorchMark(props: IconProps) {
  const id = useId();
  return (
    <svg viewBox="0 0 40 56" width="28" height="40" {...base} {...props}>
      <defs>
        <linearGradient id={`${id}-flame`} x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#c9441a" />
          <stop offset="0.45" stopColor="#f28c28" />
          <stop offset="0.8" stopColor="#f7b541" />
          <stop offset="1" stopColor="#fff1c2" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.4" r="0.5">
          <stop offset="0" stopColor="#f7b541" stopOpacity="0.55" />
          <stop offset="1" stopColor="#f7b541" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-pole`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#6b4423" />
          <stop offset="0.5" stopColor="#b99450" />
          <stop offset="1" stopColor="#54341b" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="14" r="16" fill={`url(#${id}-glow)`} />
      <path
        d="M20 1c4.6 5.6 9 9.2 9 14.6 0 5-3.9 8.4-9 8.4s-9-3.4-9-8.4c0-3.3 1.7-5.4 3.4-7.3.3 2.7 1.4 4.2 3.1 4.8C17.7 9.8 18.2 5.4 20 1z"
        fill={`url(#${id}-flame)`}
      />
      <path d="M20 12c2 2.6 3.6 4.2 3.6 6.6 0 2.2-1.6 3.6-3.6 3.6s-3.6-1.4-3.6-3.6c0-2.2 1.7-3.8 3.6-6.6z" fill="#fff1c2" opacity="0.85" />
      <path d="M12 23h16l-2.2 8H14.2z" fill="#8a5a2b" />
      <path d="M12 23h16M13 26.5h14M13.8 29.5h12.4" stroke="#3b2413" strokeWidth="1.1" />
      <rect x="17.2" y="31" width="5.6" height="24" rx="1.6" fill={`url(#${id}-pole)`} />
      <path d="M17.2 38h5.6M17.2 46h5.6" stroke="#3b2413" strokeWidth="1.2" />
    </svg>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" {...base} {...props}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" fill="currentColor" fillOpacity="0.25" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4" />
      <path d="M12 13v4M8.5 20h7M9.5 17h5v3h-5z" />
    </svg>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" {...base} {...props}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" fill="currentColor" fillOpacity="0.2" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...base} {...props}>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" {...base} {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" {...base} {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function ChevronIcon({ direction = 'left', ...props }: IconProps & { direction?: 'left' | 'right' | 'up' | 'down' }) {
  const rotate = { left: 0, up: 90, right: 180, down: 270 }[direction];
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" style={{ transform: `rotate(${rotate}deg)` }} {...base} {...props}>
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

export function IslandIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" {...base} {...props}>
      <path d="M3 19c3-2 6-2 9 0s6 2 9 0" />
      <path d="M12 17V9" />
      <path d="M12 9c-1.5-3-5-3.5-7-2 2.5 0 4.5 1 7 2zM12 9c1.5-3 5-3.5 7-2-2.5 0-4.5 1-7 2zM12 9c-.5-2.5 1-5 3-5.5-1 1.5-2 3.5-3 5.5z" fill="currentColor" fillOpacity="0.3" />
    </svg>
  );
}

/** A hidden immunity idol: a carved tiki head on its base. */
export function IdolIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" {...base} {...props}>
      <path d="M12 2c3 0 5 2.2 5 5v2.5c0 1.3-.6 2.4-1.5 3.1V14h1.5v2H7v-2h1.5v-1.4A4 4 0 0 1 7 9.5V7c0-2.8 2-5 5-5z" fill="currentColor" />
      <path d="M9.5 8h2M12.5 8h2M10 11h4" stroke="#3b2413" strokeWidth="1.4" strokeLinecap="round" />
      <path d="M6 18h12l-1 4H7z" fill="currentColor" opacity="0.7" />
    </svg>
  );
}
