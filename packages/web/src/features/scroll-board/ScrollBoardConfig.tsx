import { useState } from 'react';
import { Alert, Button, Card, Form, InputNumber, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContestType, medalCounts } from '@verdict/shared';
import { useContest } from '../contest';
import { scrollBoardQuery } from './api';

/** The contest's scroll-board tab (ACM contest admins): star users and medal counts, then /scrollBoard in a new window. */
export function ScrollBoardConfig() {
  const { t } = useTranslation();
  const { contest, isAdmin } = useContest();
  const [removeStar, setRemoveStar] = useState(true);
  const enabled = isAdmin && contest.type === ContestType.ACM;
  const info = useQuery({ ...scrollBoardQuery(contest.id, removeStar), enabled });
  const defaults = medalCounts(info.data?.rankedTotal ?? 0);
  const [medals, setMedals] = useState<{ gold?: number; silver?: number; bronze?: number }>({});
  if (!enabled) return <Alert type="warning" showIcon message={t('scrollBoard.noAccess')} />;
  const m = { gold: medals.gold ?? defaults.gold, silver: medals.silver ?? defaults.silver, bronze: medals.bronze ?? defaults.bronze };
  const open = () => {
    const q = new URLSearchParams({ cid: String(contest.id), removeStar: String(removeStar) });
    for (const n of [m.gold, m.silver, m.bronze]) q.append('medals', String(n));
    window.open(`/scrollBoard?${q.toString()}`, '_blank');
  };
  return (
    <Card title={t('scrollBoard.config')}>
      <Form layout="inline">
        <Form.Item label={t('scrollBoard.removeStar')}><Switch checked={removeStar} onChange={setRemoveStar} /></Form.Item>
        <Form.Item label={t('scrollBoard.gold')}><InputNumber min={0} value={m.gold} onChange={(v) => setMedals({ ...medals, gold: Number(v ?? 0) })} /></Form.Item>
        <Form.Item label={t('scrollBoard.silver')}><InputNumber min={0} value={m.silver} onChange={(v) => setMedals({ ...medals, silver: Number(v ?? 0) })} /></Form.Item>
        <Form.Item label={t('scrollBoard.bronze')}><InputNumber min={0} value={m.bronze} onChange={(v) => setMedals({ ...medals, bronze: Number(v ?? 0) })} /></Form.Item>
        <Button type="primary" onClick={open} data-testid="open-scroll-board">{t('scrollBoard.open')}</Button>
      </Form>
      <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('scrollBoard.hint')} />
    </Card>
  );
}
