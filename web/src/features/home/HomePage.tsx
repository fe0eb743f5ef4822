import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageHero } from '../../components/PageHero';
import { userMessage } from '../../api/userMessage';
import { useMe } from '../../lib/session';
import { pageTitle, usePageTitle } from '../../lib/pageTitle';
import { ListCardGrid, type ListSummary } from '../../components/ListCard';
import { HOME_ERROR, useHomeLists } from './homeApi';
import { LoadFailed } from '../../components/Failure';
import pageStyles from '../../components/Page.module.css';
import styles from './HomePage.module.css';
import { MESSAGES } from '../../api/contract';
import { Sentence } from '../../components/Sentence';

interface SectionProps {
  id: string;
  title: string;
  lists: ListSummary[] | undefined;
  loading?: boolean;
  empty: ReactNode;
}

function Section({ id, title, lists, loading = false, empty }: SectionProps) {
  return (
    <section className={pageStyles.section} aria-labelledby={id}>
      <h2 id={id} className={pageStyles.sectionTitle}>
        {title}
      </h2>
      {!loading && lists !== undefined && lists.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ListCardGrid lists={lists} from="home" loading={loading} label={title} />
      )}
    </section>
  );
}

/** What the app hands in: following's 'From Fans You Follow' (shown to a fan who follows someone). */
export interface HomeParts {
  FollowedSection: ComponentType;
}

export default function HomePage({ FollowedSection }: HomeParts) {
  usePageTitle(pageTitle());
  const { isSignedIn, isLoading: meLoading } = useMe();
  const home = useHomeLists();
  const loading = meLoading || home.isPending;
  const failed = home.isError && home.data === undefined;

  return (
    <div className={pageStyles.page}>
      <PageHero eyebrow="The tribe has spoken" title="Survivor Rankings">
        <p>{MESSAGES.homeIntro}</p>
        <div className={pageStyles.actions}>
          <Link to="/create" className={pageStyles.button}>
            Start a Ranking
          </Link>
          <Link to="/rankings" className={pageStyles.buttonGhost}>
            Browse Rankings
          </Link>
        </div>
      </PageHero>

      {failed ? (
        <LoadFailed message={userMessage(home.error, HOME_ERROR)} onRetry={() => void home.refetch()} className={styles.error} />
      ) : (
        <>
          <FollowedSection />
          {loading ? (
            // Keyed: the sections replace their placeholders rather than being them moved, as a
            // young community's fewer lists would move a section out of sight into it.
            <div key="loading">
              <Section id="home-top" title="Top Voted Lists This Week" lists={undefined} loading empty={null} />
              <Section id="home-recent" title="Recently Created Lists" lists={undefined} loading empty={null} />
            </div>
          ) : (
            <>
              <Section id="home-top" title="Top Voted Lists This Week" lists={home.data?.topThisWeek} empty={MESSAGES.homeTopEmpty} />
              <Section
                id="home-recent"
                title="Recently Created Lists"
                lists={home.data?.recent}
                empty={
                  <>
                    {MESSAGES.homeRecentEmpty} <Link to="/create">{MESSAGES.homeRecentCreate}</Link>
                  </>
                }
              />
              {isSignedIn && (
                <Section
                  id="home-favs"
                  title="Your Favorite Lists"
                  lists={home.data?.favorites}
                  empty={<Sentence message={MESSAGES.homeFavoritesEmpty} values={{ browse: <Link to="/rankings">Browse rankings</Link> }} />}
                />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
