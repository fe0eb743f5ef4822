import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/EmptyState';
import { AccountBanners } from '../features/auth/AccountBanners';
import { PanelSlot, PanelSlotProvider } from '../components/seasonsPanel/panelSlot';
import { FlashNotice } from './FlashNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout() {
  return (
    <PanelSlotProvider>
      <div className={styles.app}>
        <a href="#main" className={styles.skip}>
          Skip to content
        </a>
        <Header />
        <div className={styles.shell}>
          <PanelSlot />
          <main id="main" className={styles.main} tabIndex={-1}>
            <AccountBanners />
            <FlashNotice />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <Footer />
      </div>
    </PanelSlotProvider>
  );
}
