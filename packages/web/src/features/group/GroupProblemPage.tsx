import { Button, Result, Spin, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components';
import { ProblemWorkspace } from '../problem';
import { invalidateGroupData } from './api';
import { GroupContext, useGroup } from './context';
import { useGroupState } from './GroupShell';

/** /group/{id}/problem/{problemID}: the problem page in the group (submissions carry gid), with the focus-mode button. */
export function GroupProblemPage() {
  const { t } = useTranslation();
  const problemId = decodeURIComponent(useParams().problemID ?? '');
  const { pathname } = useLocation();
  const { gid } = useGroup();
  const qc = useQueryClient();
  const full = pathname.replace(/\/$/, '').endsWith('/full-screen');
  return (
    <>
      <div className="group-problem-bar">
        {full ? (
          <Tooltip title={t('group.exitFocus')}>
            <Link to={`/group/${gid}/problem/${encodeURIComponent(problemId)}`}><Button size="small" icon={<FullscreenExitOutlined />} aria-label={t('group.exitFocus')} data-testid="exit-focus" /></Link>
          </Tooltip>
        ) : (
          <Link to={`/group/${gid}/problem/${encodeURIComponent(problemId)}/full-screen`}><Button size="small" icon={<FullscreenOutlined />} data-testid="focus-mode">{t('group.focus')}</Button></Link>
        )}
      </div>
      <ProblemWorkspace key={`${gid}-${problemId}`} problemId={problemId} gid={gid} onJudged={() => void invalidateGroupData(qc, gid)} />
    </>
  );
}

/** /group/{id}/problem/{problemID}/full-screen: the same page without the site frame and the group tabs. */
export function GroupFullScreenProblem() {
  const { t } = useTranslation();
  const gid = Number(useParams().groupID);
  const { loading, ctx } = useGroupState(gid);
  if (loading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!ctx || ctx.menuDisabled) return <Result status="403" title={t('group.membersOnly')} extra={<LinkButton to={`/group/${gid}`} type="primary">{t('group.tab.home')}</LinkButton>} />;
  return <GroupContext.Provider value={ctx}><GroupProblemPage /></GroupContext.Provider>;
}
