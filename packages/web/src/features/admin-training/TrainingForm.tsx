import { useEffect, useRef, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { FormField } from '../../components/FormField';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRAINING_RANK_DEFAULT, TRAINING_RANK_MAX, TrainingAuth, validateTrainingForm } from '@verdict/shared';
import { PageLoading } from '../../components';
import { msg } from '../../i18n/messages';
import { feedback, toast } from '../../lib/feedback';
import { MarkdownField } from '../admin';
import { adminTrainingApi, adminTrainingCategoriesQuery, trainingFormQuery, type TrainingAdminVo, type TrainingCategoryVo, type TrainingDto } from './api';

type FormState = TrainingDto['training'] & { categoryId: number | null };
const EMPTY: FormState = {
  rank: TRAINING_RANK_DEFAULT, title: '', description: '', auth: TrainingAuth.PUBLIC, privatePwd: '', status: true, rankShowName: 'username', categoryId: null,
};

/**
 * /admin/training/create and /admin/training/{id}/edit. The spec 03 §5 rules are checked in order
 * by the shared validator (rank, title, description, category, password when not public); with no
 * category at all an alert sends the admin to /admin/training/category.
 */
/** Lets a group (issue 15) reuse the form with its own calls; `done` runs after saving and on Back. */
export interface TrainingFormScope {
  tid?: number;
  load: (tid: number) => Promise<{ training: TrainingAdminVo; trainingCategory: TrainingCategoryVo | null }>;
  create: (d: TrainingDto) => Promise<unknown>;
  update: (d: TrainingDto) => Promise<unknown>;
  done: () => void;
}

export default function TrainingForm({ scope }: { scope?: TrainingFormScope } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const tid = scope ? (scope.tid ?? 0) : Number(params.trainingId) || 0;
  const loaded = useQuery({ ...trainingFormQuery(tid, scope?.load), enabled: tid > 0, retry: false });
  const cats = useQuery(adminTrainingCategoriesQuery());
  const [f, setF] = useState<FormState>(EMPTY);
  const [saving, setSaving] = useState(false);
  const alerted = useRef(false);
  useEffect(() => {
    const d = loaded.data;
    if (d) {
      setF({
        id: d.training.id, rank: d.training.rank, title: d.training.title, description: d.training.description, auth: d.training.auth,
        privatePwd: d.training.privatePwd, status: d.training.status, rankShowName: d.training.rankShowName, categoryId: d.trainingCategory?.id ?? null,
      });
    }
  }, [loaded.data]);
  useEffect(() => {
    if (cats.data && cats.data.length === 0 && !alerted.current) {
      alerted.current = true;
      feedback.modal?.warning({
        title: t('adminTraining.noCategoryTitle'), content: t('adminTraining.noCategory'), okText: t('adminTraining.toCategory'),
        onOk: () => navigate('/admin/training/category'),
      });
    }
  }, [cats.data, navigate, t]);
  if ((tid && loaded.isLoading) || cats.isLoading) return <PageLoading />;

  const set = (patch: Partial<FormState>) => setF((o) => ({ ...o, ...patch }));
  const save = async () => {
    const err = validateTrainingForm(f, f.categoryId);
    if (err) return toast('error', msg(err));
    setSaving(true);
    try {
      const { categoryId, ...training } = f;
      const body: TrainingDto = { training: { ...training, privatePwd: f.auth === TrainingAuth.PRIVATE ? f.privatePwd : '' }, trainingCategory: { id: categoryId } };
      if (tid) {
        await (scope ? scope.update(body) : adminTrainingApi.update(body));
        toast('success', t('adminTraining.updated'));
      } else {
        await (scope ? scope.create(body) : adminTrainingApi.create(body));
        toast('success', t('adminTraining.created'));
      }
      if (scope) scope.done();
      else navigate('/admin/training');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={tid ? `${t('adminTraining.edit')} #${tid}` : t('adminTraining.create')}>
      <Form layout="vertical" requiredMark>
        <Space wrap size="large" align="start">
          <FormField label={t('adminTraining.rank')} required>
            <InputNumber min={0} max={TRAINING_RANK_MAX} precision={0} value={f.rank === '' || f.rank === null ? null : Number(f.rank)} style={{ width: 160 }}
              onChange={(v) => set({ rank: v ?? '' })} data-testid="training-rank-input" />
          </FormField>
          <FormField label={t('adminTraining.category')} required>
            <Select style={{ width: 220 }} placeholder={t('adminTraining.choose')} value={f.categoryId ?? undefined} onChange={(v) => set({ categoryId: v })}
              options={(cats.data ?? []).map((c) => ({ value: c.id, label: c.name }))} data-testid="training-category-select" />
          </FormField>
          <FormField label={t('adminTraining.auth')} required>
            <Radio.Group value={f.auth} onChange={(e) => set({ auth: e.target.value })} data-testid="training-auth-radio"
              options={[{ value: TrainingAuth.PUBLIC, label: t('training.Public') }, { value: TrainingAuth.PRIVATE, label: t('training.Private') }]} />
          </FormField>
          {f.auth !== TrainingAuth.PUBLIC && (
            <FormField label={t('adminTraining.password')} required>
              <Input value={f.privatePwd} maxLength={100} onChange={(e) => set({ privatePwd: e.target.value })} style={{ width: 200 }} data-testid="training-pwd-input" />
            </FormField>
          )}
          <FormField label={t('adminTraining.rankShowName')}>
            <Select style={{ width: 140 }} value={f.rankShowName} onChange={(v) => set({ rankShowName: v })}
              options={['username', 'nickname', 'realname'].map((v) => ({ value: v, label: t(`adminTraining.${v}`) }))} />
          </FormField>
          <FormField label={t('adminTraining.visible')}>
            <Switch checked={f.status} onChange={(v) => set({ status: v })} />
          </FormField>
        </Space>
        <FormField label={t('adminTraining.title')} required>
          <Input value={f.title} maxLength={255} onChange={(e) => set({ title: e.target.value })} data-testid="training-title-input" />
        </FormField>
        <FormField label={t('adminTraining.description')} required>
          <MarkdownField value={f.description} onChange={(v) => set({ description: v })} rows={10} testId="training-description-input" />
        </FormField>
        <Space>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="training-save">{t('adminTraining.save')}</Button>
          <Button onClick={() => (scope ? scope.done() : navigate('/admin/training'))}>{t('adminTraining.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
