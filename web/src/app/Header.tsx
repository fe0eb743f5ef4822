import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiBase } from '../api/client';
import { meQueryKey, useMe } from '../features/auth/useMe';
import { InboxIcon, MenuIcon, TorchMark, TrophyIcon } from '../components/icons';
import styles from './Header.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
}

/** Inbox placeholder: the notifications feed arrives with accounts. */
function Inbox() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={styles.inbox} ref={ref}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Inbox notifications"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        <InboxIcon />
        <span className={styles.iconLabel}>Inbox</span>
      </button>
      {open && (
        <div className={styles.dropdown} role="region" aria-label="Notifications">
          <p className={styles.dropdownTitle}>Notifications</p>
          <p className={styles.dropdownEmpty}>No notifications yet. The tribe has spoken… quietly.</p>
        </div>
      )}
    </div>
  );
}

export function Header() {
  const { user, isSignedIn } = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  async function signOut() {
    try {
      await globalThis.fetch(`${apiBase}/api/auth/logout`, { method: 'POST', credentials: 'same-origin' });
    } catch {
      // The session is dropped locally either way.
    }
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'draft' });
    void navigate('/login');
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/global-rankings" className={`${styles.iconButton} ${styles.trophy}`} aria-label="Global Rankings">
          <TrophyIcon />
        </Link>
        <Link to="/" className={styles.brand}>
          <TorchMark className={styles.torch} />
          <span className={styles.title}>Survivor Rankings</span>
        </Link>
        {isSignedIn && user && (
          <p className={styles.welcome}>
            Welcome, <strong>{user.displayName}</strong>
          </p>
        )}
        <button
          type="button"
          className={`${styles.iconButton} ${styles.menuButton}`}
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <MenuIcon />
        </button>
        <nav id="site-nav" aria-label="Main" className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}>
          {isSignedIn && <Inbox />}
          <NavLink to={isSignedIn ? '/mylists' : '/login'} state={isSignedIn ? undefined : { from: '/mylists' }} className={navClass}>
            My Lists
          </NavLink>
          <NavLink to="/rankings" className={navClass}>
            Other Rankings
          </NavLink>
          {isSignedIn ? (
            <button type="button" className={styles.cta} onClick={() => void signOut()}>
              Sign Out
            </button>
          ) : (
            <Link to="/login" className={styles.cta}>
              Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
