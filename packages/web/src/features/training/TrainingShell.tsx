import { useState } from 'react';
import { Button, Card, Input, Progress, Result, Space, Spin, Tabs, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { toast } from '../../lib/feedback';
import { invalidateTrainingDetail, trainingApi, trainingDetailQuery, type TrainingDetail } from './api';
import { TrainingContext, trainingBase, type TrainingContextValue } from './context';
import { CategoryTag, TrainingAuthTag } from './TrainingTags';
import './training.css';

/** Loads a training for the pages under /training/{id}. */
export function useTrainingState(tid: number) {
  const detail = useQuery({ ...trainingDetailQuery(tid), retry: false, enabled: tid > 0 });
  const ctx: TrainingContextValue | null = detail.data ? { training: detail.data, access: detail.data.access } : null;
  return { detail, ctx };
}

/** /training/{id}/*: header with progress, the password form of a private training, child tabs (spec 02). */
export function TrainingShell() {
  const tid = Number(useParams().trainingID);
  return <TrainingView tid={tid} />;
}

/** The training's header, tabs and pages; a group's training passes its own base path and group id. */
export function TrainingView({ tid, base, gid }: { tid: number; base?: string; gid?: number }) {
  const { t } = useTranslation();
  const state = useTrainingState(tid);
  const { detail } = state;
  const ctx = state.ctx ? { ...state.ctx, base, gid } : null;
  if (detail.isLoading) return <div style={{ textAlign: 'center', padding: 80 }}><Spin size="large" /></div>;
  if (!ctx) return <Result status="404" title={t('training.notFound')} extra={<Link to="/training"><Button type="primary">{t('training.back')}</Button></Link>} />;
  return (
    <TrainingContext.Provider value={ctx}>
      <TrainingHeader training={ctx.training} />
      {ctx.access ? (
        <>
          <TrainingTabs base={trainingBase(ctx)} />
          <div className="training-body"><Outlet /></div>
        </>
      ) : <PasswordCard training={ctx.training} />}
    </TrainingContext.Provider>
  );
}

function TrainingHeader({ training: tr }: { training: TrainingDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="training-header">
      <Typography.Title level={3} data-testid="training-title">{tr.title}</Typography.Title>
      <Space wrap style={{ justifyContent: 'center' }}>
        <TrainingAuthTag auth={tr.auth} />
        <CategoryTag name={tr.categoryName} color={tr.categoryColor} />
        <span>{t('training.author')}: {tr.author}</span>
      </Space>
      {tr.access && (
        <div className="training-progress" data-testid="training-detail-progress">
          <Progress percent={tr.problemCount ? Math.round((tr.acCount / tr.problemCount) * 100) : 0} format={() => `${tr.acCount}/${tr.problemCount}`} />
          <Typography.Text type="secondary">{t('training.myProgress', { ac: tr.acCount, n: tr.problemCount })}</Typography.Text>
        </div>
      )}
    </Card>
  );
}

/** A private training asks for its password once; the form checks it is not empty (spec 02 §5). */
function PasswordCard({ training }: { training: TrainingDetail }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [pwd, setPwd] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!pwd.trim()) return toast('warning', msg('trainingPasswordRequired'));
    setBusy(true);
    try {
      await trainingApi.register(training.id, pwd);
      toast('success', t('training.registered'));
      await invalidateTrainingDetail(qc, training.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card style={{ marginTop: 12, textAlign: 'center' }} data-testid="training-password-card">
      <Typography.Title level={5}><LockOutlined /> {t('training.passwordTitle')}</Typography.Title>
      <Space.Compact style={{ maxWidth: 360, width: '100%' }}>
        <Input.Password value={pwd} onChange={(e) => setPwd(e.target.value)} placeholder={t('training.passwordPlaceholder')} maxLength={100}
          onPressEnter={() => void submit()} data-testid="training-password" />
        <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="training-register">{t('training.register')}</Button>
      </Space.Compact>
    </Card>
  );
}

function TrainingTabs({ base }: { base: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seg = pathname.slice(base.length).split('/')[1] ?? '';
  const key = seg === '' ? 'home' : seg === 'problem' ? 'problems' : seg;
  return (
    <Tabs
      className="training-tabs"
      activeKey={key}
      onChange={(k) => navigate(k === 'home' ? base : `${base}/${k}`)}
      items={[
        { key: 'home', label: t('training.home') },
        { key: 'problems', label: t('training.problems') },
        { key: 'rank', label: t('training.rankTab') },
      ]}
    />
  );
}
