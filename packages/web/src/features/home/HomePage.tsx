import { HomeCarousel } from './HomeCarousel';
import { WeekSubmissionChart } from './WeekSubmissionChart';
import { LatestProblems } from './LatestProblems';
import { RecentContests } from './RecentContests';
import { AcRank } from './AcRank';
import { RemoteJudges } from './RemoteJudges';
import { AnnouncementPanel } from '../announcement';
import './home.css';

/**
 * Home (spec 01 "Home"): carousel, announcements, last week's submissions, latest problems, contests, 7-day AC rank, remote judges.
 * The first screen of most visits: it is built from light parts (Panel, plain lists, an SVG chart)
 * so that a cold visit stays small; the carousel's slider loads only when there are pictures.
 */
export function HomePage() {
  return (
    <div className="home-page home-grid" data-testid="home-page">
      <div className="home-stack">
        <HomeCarousel />
        <AnnouncementPanel />
        <WeekSubmissionChart />
      </div>
      <div className="home-stack">
        <RecentContests />
        <LatestProblems />
        <AcRank />
        <RemoteJudges />
      </div>
    </div>
  );
}
