import { useEffect, useState } from 'react';
import { Button, Card, ColorPicker, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { FormField } from '../../components/FormField';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  AwardType, ContestAuth, ContestType, DEFAULT_ACCOUNT_LIMIT, DEFAULT_AWARDS, NEW_AWARD_ROW, SEAL_HALF_HOUR_MS, SEAL_HOUR_MS, SealChoice,
  defaultSealChoice, parseAccountLimitRule, validateContestForm, type AwardTier, type ContestForm as Form_,
} from '@verdict/shared';
import { PageLoading } from '../../components';
import { msg } from '../../i18n/messages';
import { toast } from '../../lib/feedback';
import { formatDuration } from '../contest';
import { adminContestApi, contestFormQuery, type AdminContest } from './api';

const EMPTY: Form_ = {
  title: '', description: '', startTime: null, endTime: null, type: ContestType.ACM, auth: ContestAuth.PUBLIC, pwd: '',
  sealRank: false, sealRankChoice: undefined, autoRealRank: true, openRank: false, openPrint: false, allowEndSubmit: false,
  rankShowName: 'username', openAccountLimit: false, accountLimitRule: { ...DEFAULT_ACCOUNT_LIMIT }, starAccount: [],
  oiRankScoreType: 'Recent', awardType: AwardType.NONE, awardConfigList: DEFAULT_AWARDS.map((a) => ({ ...a })), visible: true, rated: false,
};

function fromAdmin(c: AdminContest): Form_ {
  return {
    id: c.id, title: c.title, description: c.description, startTime: c.startTime, endTime: c.endTime, type: c.type as Form_['type'], auth: c.auth as Form_['auth'], pwd: c.pwd,
    sealRank: c.sealRank, sealRankChoice: c.sealRankChoice, autoRealRank: c.autoRealRank, openRank: c.openRank, openPrint: c.openPrint,
    allowEndSubmit: c.allowEndSubmit, rankShowName: c.rankShowName as Form_['rankShowName'], openAccountLimit: c.openAccountLimit,
    accountLimitRule: parseAccountLimitRule(c.accountLimitRule), starAccount: c.starAccount, oiRankScoreType: c.oiRankScoreType as Form_['oiRankScoreType'],
    awardType: c.awardType, awardConfigList: c.awardConfigList.length ? c.awardConfigList : DEFAULT_AWARDS.map((a) => ({ ...a })), visible: c.visible,
    rated: c.rated ?? false,
  };
}

/** /admin/contest/create and /admin/contest/{id}/edit with the spec 03 form rules (checked by the shared validator). */
/** Lets a group (issue 15) reuse the form with its own calls; `done` runs after saving and on Back. */
export interface ContestFormScope {
  cid?: number;
  load: (cid: number) => Promise<AdminContest>;
  create: (f: Form_) => Promise<unknown>;
  update: (f: Form_) => Promise<unknown>;
  done: () => void;
}

export default function ContestForm({ scope }: { scope?: ContestFormScope } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const cid = scope ? (scope.cid ?? 0) : Number(params.contestId) || 0;
  const loaded = useQuery({ ...contestFormQuery(cid, scope?.load), enabled: cid > 0, retry: false });
  const [f, setF] = useState<Form_>(EMPTY);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.data) setF(fromAdmin(loaded.data));
  }, [loaded.data]);
  if (cid && loaded.isLoading) return <PageLoading />;

  const set = (patch: Partial<Form_>) => setF((o) => ({ ...o, ...patch }));
  const duration = f.startTime != null && f.endTime != null ? f.endTime - f.startTime : 0;
  const sealChoice = f.sealRankChoice ?? defaultSealChoice(f.type, duration);
  const setAward = (i: number, patch: Partial<AwardTier>) => set({ awardConfigList: f.awardConfigList.map((a, j) => (j === i ? { ...a, ...patch } : a)) });

  const save = async () => {
    const body: Form_ = { ...f, sealRankChoice: f.sealRank ? sealChoice : undefined, starAccount: f.starAccount.map((s) => s.trim()).filter(Boolean) };
    const err = validateContestForm(body);
    if (err) return toast('error', msg(err.key, err.vars));
    setSaving(true);
    try {
      if (cid) await (scope ? scope.update({ ...body, id: cid }) : adminContestApi.update({ ...body, id: cid }));
      else await (scope ? scope.create(body) : adminContestApi.create(body));
      toast('success', t(cid ? 'adminContest.updated' : 'adminContest.created'));
      if (scope) scope.done();
      else navigate('/admin/contest');
    } finally {
      setSaving(false);
    }
  };

  const range: [Dayjs | null, Dayjs | null] = [f.startTime != null ? dayjs(f.startTime) : null, f.endTime != null ? dayjs(f.endTime) : null];
  const rule = f.accountLimitRule ?? DEFAULT_ACCOUNT_LIMIT;
  return (
    <Card title={t(cid ? 'adminContest.edit' : 'adminContest.create')} extra={<Button onClick={() => (scope ? scope.done() : navigate('/admin/contest'))}>{t('adminContest.back')}</Button>}>
      <Form layout="vertical" className="admin-contest-form">
        <FormField label={t('adminContest.title')} required>
          <Input value={f.title} onChange={(e) => set({ title: e.target.value })} data-testid="contest-form-title" />
        </FormField>
        <FormField label={t('adminContest.description')} required>
          <Input.TextArea rows={6} value={f.description} onChange={(e) => set({ description: e.target.value })} data-testid="contest-form-description" />
        </FormField>
        <FormField label={t('adminContest.time')} required extra={duration > 0 ? `${t('adminContest.duration')}: ${formatDuration(duration)}` : undefined}>
          <DatePicker.RangePicker showTime value={range} allowEmpty={[true, true]}
            onChange={(v) => set({ startTime: v?.[0]?.valueOf() ?? null, endTime: v?.[1]?.valueOf() ?? null })} />
        </FormField>
        <Space wrap size={32} align="start">
          <FormField label={t('adminContest.rule')} extra={cid ? t('adminContest.typeLocked') : undefined}>
            <Radio.Group value={f.type} disabled={!!cid} onChange={(e) => set({ type: e.target.value as Form_['type'] })}>
              <Radio value={ContestType.ACM}>ACM</Radio><Radio value={ContestType.OI}>OI</Radio>
            </Radio.Group>
          </FormField>
          <FormField label={t('adminContest.auth')}>
            <Radio.Group value={f.auth} onChange={(e) => set({ auth: e.target.value as Form_['auth'] })}>
              <Radio value={ContestAuth.PUBLIC}>{t('contest.public')}</Radio>
              <Radio value={ContestAuth.PRIVATE}>{t('contest.private')}</Radio>
              <Radio value={ContestAuth.PROTECTED}>{t('contest.protected')}</Radio>
            </Radio.Group>
          </FormField>
          {f.auth !== ContestAuth.PUBLIC && (
            <FormField label={t('adminContest.pwd')} required>
              <Input value={f.pwd ?? ''} onChange={(e) => set({ pwd: e.target.value })} data-testid="contest-form-pwd" />
            </FormField>
          )}
        </Space>
        <Space wrap size={32} align="start">
          <FormField label={t('adminContest.sealRank')}>
            <Space direction="vertical">
              <Switch checked={f.sealRank} onChange={(v) => set({ sealRank: v })} aria-label={t('adminContest.sealRank')} />
              {f.sealRank && (
                <Radio.Group value={sealChoice} onChange={(e) => set({ sealRankChoice: e.target.value as number })}>
                  <Radio value={SealChoice.HALF_HOUR} disabled={duration > 0 && duration < SEAL_HALF_HOUR_MS}>{t('adminContest.sealChoice.0')}</Radio>
                  <Radio value={SealChoice.HOUR} disabled={duration > 0 && duration < SEAL_HOUR_MS}>{t('adminContest.sealChoice.1')}</Radio>
                  <Radio value={SealChoice.WHOLE}>{t('adminContest.sealChoice.2')}</Radio>
                </Radio.Group>
              )}
              {f.sealRank && <Space><Switch size="small" checked={f.autoRealRank} onChange={(v) => set({ autoRealRank: v })} aria-label={t('adminContest.autoRealRank')} />{t('adminContest.autoRealRank')}</Space>}
            </Space>
          </FormField>
          <FormField label={t('adminContest.openRank')}><Switch checked={f.openRank} onChange={(v) => set({ openRank: v })} /></FormField>
          <FormField label={t('adminContest.openPrint')}><Switch checked={f.openPrint} onChange={(v) => set({ openPrint: v })} /></FormField>
          <FormField label={t('adminContest.allowEndSubmit')}><Switch checked={f.allowEndSubmit} onChange={(v) => set({ allowEndSubmit: v })} /></FormField>
          <FormField label={t('adminContest.visible')}><Switch checked={f.visible} onChange={(v) => set({ visible: v })} /></FormField>
          <FormField label={t('adminContest.rated')} help={t('adminContest.ratedHelp')}><Switch checked={f.rated} onChange={(v) => set({ rated: v })} /></FormField>
        </Space>
        <Space wrap size={32} align="start">
          <FormField label={t('adminContest.rankShowName')}>
            <Select style={{ width: 160 }} value={f.rankShowName} onChange={(v) => set({ rankShowName: v })}
              options={[{ value: 'username', label: t('adminContest.showUsername') }, { value: 'nickname', label: t('adminContest.showNickname') }, { value: 'realname', label: t('adminContest.showRealname') }]} />
          </FormField>
          {f.type === ContestType.OI && (
            <FormField label={t('adminContest.oiRankScoreType')}>
              <Select style={{ width: 200 }} value={f.oiRankScoreType} onChange={(v) => set({ oiRankScoreType: v })}
                options={[{ value: 'Recent', label: t('adminContest.recent') }, { value: 'Highest', label: t('adminContest.highest') }]} />
            </FormField>
          )}
        </Space>
        <FormField label={t('adminContest.starAccount')}>
          <Select mode="tags" value={f.starAccount} onChange={(v: string[]) => set({ starAccount: v })} placeholder={t('adminContest.starPlaceholder')} open={false} tokenSeparators={[' ', ',']} />
        </FormField>
        <FormField label={t('adminContest.accountLimit')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Switch checked={f.openAccountLimit} onChange={(v) => set({ openAccountLimit: v })} aria-label={t('adminContest.accountLimit')} />
            {f.openAccountLimit && (
              <Space wrap>
                <Input addonBefore={t('adminContest.prefix')} value={rule.prefix} onChange={(e) => set({ accountLimitRule: { ...rule, prefix: e.target.value } })} style={{ width: 200 }} />
                <Input addonBefore={t('adminContest.suffix')} value={rule.suffix} onChange={(e) => set({ accountLimitRule: { ...rule, suffix: e.target.value } })} style={{ width: 200 }} />
                <InputNumber addonBefore={t('adminContest.start')} min={0} value={rule.start} onChange={(v) => set({ accountLimitRule: { ...rule, start: Number(v ?? 0) } })} />
                <InputNumber addonBefore={t('adminContest.end')} min={0} value={rule.end} onChange={(v) => set({ accountLimitRule: { ...rule, end: Number(v ?? 0) } })} />
                <Input addonBefore={t('adminContest.extra')} value={rule.extra.join(' ')} onChange={(e) => set({ accountLimitRule: { ...rule, extra: e.target.value.split(/[\s,]+/).filter(Boolean) } })} style={{ width: 420 }} />
              </Space>
            )}
          </Space>
        </FormField>
        <FormField label={t('adminContest.award')}>
          <Radio.Group value={f.awardType} onChange={(e) => set({ awardType: e.target.value as number })}>
            <Radio value={AwardType.NONE}>{t('adminContest.awardNone')}</Radio>
            <Radio value={AwardType.PROPORTION}>{t('adminContest.awardProportion')}</Radio>
            <Radio value={AwardType.NUMBER}>{t('adminContest.awardNumber')}</Radio>
          </Radio.Group>
          {f.awardType !== AwardType.NONE && (
            <Table<AwardTier> scroll={{ x: 'max-content' }}
              style={{ marginTop: 8 }} size="small" pagination={false} rowKey={(_, i) => String(i)} dataSource={f.awardConfigList}
              columns={[
                { title: t('adminContest.priority'), render: (_, a, i) => <InputNumber min={0} value={a.priority} onChange={(v) => setAward(i, { priority: Number(v ?? 0) })} /> },
                { title: t('adminContest.awardName'), render: (_, a, i) => <Input value={a.name} onChange={(e) => setAward(i, { name: e.target.value })} /> },
                { title: t('adminContest.awardBackground'), render: (_, a, i) => <ColorPicker value={a.background} onChange={(c) => setAward(i, { background: c.toHexString() })} /> },
                { title: t('adminContest.awardColor'), render: (_, a, i) => <ColorPicker value={a.color} onChange={(c) => setAward(i, { color: c.toHexString() })} /> },
                { title: t('adminContest.awardNum'), render: (_, a, i) => <InputNumber min={0} max={f.awardType === AwardType.PROPORTION ? 100 : undefined} value={a.num} onChange={(v) => setAward(i, { num: Number(v ?? 0) })} /> },
                { title: '', render: (_, a) => <Typography.Text style={{ background: a.background, color: a.color, padding: '2px 8px', borderRadius: 4 }}>{a.name}</Typography.Text> },
                {
                  title: '', render: (_, __, i) => (
                    <Tooltip title={t('adminContest.delete')}>
                      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => set({ awardConfigList: f.awardConfigList.filter((_a, j) => j !== i) })} />
                    </Tooltip>
                  ),
                },
              ]}
              footer={() => (
                <Button icon={<PlusOutlined />} size="small"
                  onClick={() => set({ awardConfigList: [...f.awardConfigList, { ...NEW_AWARD_ROW, priority: f.awardConfigList.length + 1 }] })}>
                  {t('adminContest.addAward')}
                </Button>
              )}
            />
          )}
        </FormField>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="contest-form-save">{t('adminContest.save')}</Button>
      </Form>
    </Card>
  );
}
