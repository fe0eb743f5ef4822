import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/EmptyState';
import { SeasonsPanel } from '../features/seasons/SeasonsPanel';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout() {
  return (
    <div className={styles.app}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Header />
      <div className={styles.shell}>
        <SeasonsPanel />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <Footer />
    </div>
  );
}
