import { Card } from 'antd';
import { Markdown } from '../../components';
import { useContest } from './context';

/** The contest overview tab: its description. */
export function ContestHome() {
  const { contest } = useContest();
  return <Card><Markdown source={contest.description} /></Card>;
}
