import { Col, Row } from 'antd';
import { HomeCarousel } from './HomeCarousel';
import { WeekSubmissionChart } from './WeekSubmissionChart';
import { LatestProblems } from './LatestProblems';
import { RecentContests } from './RecentContests';
import { AcRank } from './AcRank';
import { RemoteJudges } from './RemoteJudges';
import { AnnouncementPanel } from '../announcement/AnnouncementPanel';
import './home.css';

/** Home (spec 01 "Home"): carousel, announcements, last week's submissions, latest problems, contests, 7-day AC rank, remote judges. */
export function HomePage() {
  return (
    <div className="home-page" data-testid="home-page">
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={16}>
          <div className="home-stack">
            <HomeCarousel />
            <AnnouncementPanel />
            <WeekSubmissionChart />
          </div>
        </Col>
        <Col xs={24} lg={8}>
          <div className="home-stack">
            <RecentContests />
            <LatestProblems />
            <AcRank />
            <RemoteJudges />
          </div>
        </Col>
      </Row>
    </div>
  );
}
