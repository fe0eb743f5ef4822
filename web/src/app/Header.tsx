import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useMe } from '../lib/session';
import { useSignOut } from '../features/auth/authApi';
import { BellIcon, MenuIcon, TorchMark, TrophyIcon } from '../components/icons';
import { useIsMobile } from '../components/useMediaQuery';
import styles from './Header.module.css';

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? `${styles.navLink} ${styles.active}` : styles.navLink;
}

/** The live notifications inbox, loaded only for a signed-in user (keeps it out of the first paint). */
const Inbox = lazy(() => import('../features/notifications/Inbox'));

export function Header() {
  const { user, isSignedIn } = useMe();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const signOutMutation = useSignOut();
  const isMobile = useIsMobile();

  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  /** Logs out on the server, forgets the user's data and creator draft here, then goes to /login. */
  function signOut() {
    signOutMutation.mutate(undefined, { onSuccess: () => void navigate('/login') });
  }
  const loginState = location.pathname === '/login' ? location.state : { from: location.pathname + location.search };

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
        {/* Offline, the fan last seen here is known by id alone: no name to greet. */}
        {isSignedIn && !!user?.displayName && !isMobile && (
          <p className={styles.welcome}>
            <span className={styles.welcomeText}>
              Welcome, <strong>{user.displayName}</strong>
            </span>
          </p>
        )}
        {isSignedIn && (
          <div className={styles.inboxSlot}>
            {/* While its code loads, the Inbox already shows its bell and name, not an empty pill. */}
            <Suspense
              fallback={
                <span className={styles.inboxPending} aria-hidden="true">
                  <BellIcon />
                  <span className={styles.iconLabel}>Inbox</span>
                </span>
              }
            >
              <Inbox />
            </Suspense>
          </div>
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
          {/* A phone has no room for the welcome line in the bar: it opens the menu instead. */}
          {isSignedIn && !!user?.displayName && isMobile && (
            <p className={styles.menuWelcome}>
              Welcome, <strong>{user.displayName}</strong>
            </p>
          )}
          {isSignedIn && (
            <NavLink to="/feed" className={navClass}>
              Feed
            </NavLink>
          )}
          <NavLink to={isSignedIn ? '/mylists' : '/login'} state={isSignedIn ? undefined : { from: '/mylists' }} className={isSignedIn ? navClass : styles.navLink}>
            My Lists
          </NavLink>
          <NavLink to="/rankings" className={navClass}>
            Other Rankings
          </NavLink>
          {isSignedIn && (
            <NavLink to="/account" className={navClass}>
              Account
            </NavLink>
          )}
          {user?.isAdmin && (
            <NavLink to="/moderation" className={navClass}>
              Moderation
            </NavLink>
          )}
          {isSignedIn ? (
            <button type="button" className={styles.cta} onClick={signOut} disabled={signOutMutation.isPending}>
              Sign Out
            </button>
          ) : (
            <Link to="/login" state={loginState} className={styles.cta}>
              Login
            </Link>
          )}
        </nav>
        {signOutMutation.isError && (
          <p role="alert" className={styles.headerError}>
            {signOutMutation.error.message}
          </p>
        )}
      </div>
    </header>
  );
}
