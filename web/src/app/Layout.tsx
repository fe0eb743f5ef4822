import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../components/EmptyState';
import { Later } from '../components/Later';
import { AccountBanners } from '../features/auth/AccountBanners';
import { SessionEnded } from '../features/auth/SessionEnded';
import { useAccountCaches } from '../features/offline/accountCaches';
import { OfflineBanner } from '../features/offline/OfflineBanner';
import { UpdatePrompt } from '../features/offline/UpdatePrompt';
import { PanelSlot, PanelSlotProvider } from '../components/seasonsPanel/panelSlot';
import { FlashNotice } from './FlashNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout() {
  useAccountCaches();
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
            <OfflineBanner />
            <SessionEnded />
            <AccountBanners />
            <FlashNotice />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <Footer />
        {/* It registers the service worker after the page has loaded: no part of the first render. */}
        <Later>
          <UpdatePrompt />
        </Later>
      </div>
    </PanelSlotProvider>
  );
}
