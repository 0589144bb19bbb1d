import { lazy, Suspense, useState } from 'react';
import { Button, Descriptions, Popover, Space, Tag } from 'antd';
import { CopyOutlined, FileTextOutlined, MessageOutlined, PieChartOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { oiRankScore, parseExamples } from '@verdict/shared';
import { Markdown, LinkButton } from '../../components';
import { useSiteConfig } from '../../stores/site';
import { useStickyTrue } from '../../lib/hooks';
import { routeExists } from '../../app/route-registry';
import type { ProblemDetail } from './api';
import { DifficultyTag } from './difficulty';
import { copyText } from '../../components/copy';

// The statistics dialog (its chart) loads when it is first opened, then stays for its closing animation.
const StatisticsDialog = lazy(() => import('./StatisticsDialog').then((m) => ({ default: m.StatisticsDialog })));

function Section({ title, source }: { title: string; source: string | null | undefined }) {
  if (!source?.trim()) return null;
  return (
    <section className="problem-section">
      <h3 className="text-title-5">{title}</h3>
      <Markdown source={source} />
    </section>
  );
}

function SampleBlock({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div className="sample-block">
      <div className="sample-head">
        <span>{label}</span>
        <Button size="small" type="text" icon={<CopyOutlined />} onClick={() => copyText(text)} aria-label={t('problem.copy')} />
      </div>
      <pre>{text}</pre>
    </div>
  );
}

/** The statement: title, IO popover, tags, links, limits, sections and samples (spec 01 problem detail). */
export function ProblemDescription({ detail, contestId, groupId }: { detail: ProblemDetail; contestId?: number; groupId?: number }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const [statsOpen, setStatsOpen] = useState(false);
  const statsUsed = useStickyTrue(statsOpen);
  const p = detail.problem;
  const examples = parseExamples(p.examples);
  const undoubled = /^(CF|GYM)-/.test(p.problemId);
  // Shown only once the discussion screens exist (never a link to the 404 page).
  // A group problem's discussions live in its group (issue 15).
  const discussionPath = groupId ? `/group/${groupId}/discussion/${encodeURIComponent(p.problemId)}` : `/discussion/${encodeURIComponent(p.problemId)}`;
  const discussionOpen = !contestId && (groupId ? site.openGroupDiscussion : site.openPublicDiscussion) && routeExists(discussionPath);

  return (
    <div className="problem-description" data-testid="problem-description">
      <h2 className="text-title-3" style={{ marginTop: 0 }}>
        {p.problemId} {p.title}
        {p.isFileIO && (
          <Popover
            title={t('problem.fileIO')}
            content={<div><div>{t('problem.inputFile')}: <code>{p.ioReadFileName}</code></div><div>{t('problem.outputFile')}: <code>{p.ioWriteFileName}</code></div></div>}
          >
            <Tag color="purple" icon={<FileTextOutlined />} style={{ marginLeft: 8, verticalAlign: 'middle' }}>{t('problem.fileIO')}</Tag>
          </Popover>
        )}
      </h2>
      <Space wrap size={[4, 8]} style={{ marginBottom: 12 }}>
        {contestId ? <Tag color="geekblue">{t('problem.contestProblem')}</Tag>
          : detail.tags.length ? detail.tags.map((tg) => <Tag key={tg.id} color={tg.color ?? undefined}>{tg.name}</Tag>)
            : <Tag>{t('problem.noTag')}</Tag>}
      </Space>
      <Space wrap style={{ float: 'right' }}>
        {discussionOpen && (
          <LinkButton to={discussionPath} size="small" icon={<MessageOutlined />}>{t('problem.discussion')}</LinkButton>
        )}
        <Button size="small" icon={<PieChartOutlined />} onClick={() => setStatsOpen(true)}>{t('problem.statistics')}</Button>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="problem-limits" styles={{ label: { whiteSpace: "nowrap" } }}>
        <Descriptions.Item label={t('problem.timeLimit')}>
          {undoubled ? `${p.timeLimit} ms` : `C/C++ ${p.timeLimit} ms / ${t("problem.otherLanguages")} ${p.timeLimit * 2} ms`}
        </Descriptions.Item>
        <Descriptions.Item label={t('problem.memoryLimit')}>
          {undoubled ? `${p.memoryLimit} MB` : `C/C++ ${p.memoryLimit} MB / ${t("problem.otherLanguages")} ${p.memoryLimit * 2} MB`}
        </Descriptions.Item>
        <Descriptions.Item label={t('problem.level')}><DifficultyTag value={p.difficulty} /></Descriptions.Item>
        <Descriptions.Item label={t('problem.type')}>{p.type === 1 ? t('problem.oi') : t('problem.acm')}</Descriptions.Item>
        {p.type === 1 && <Descriptions.Item label={t('problem.score')}>{p.ioScore}</Descriptions.Item>}
        {p.type === 1 && !contestId && <Descriptions.Item label={t('problem.oiRankScore')}>{oiRankScore(p.ioScore, p.difficulty)}</Descriptions.Item>}
        {p.author && (
          <Descriptions.Item label={t('problem.author')}>
            <Link to={`/user-home?username=${encodeURIComponent(p.author)}`}>{p.author}</Link>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Section title={t('problem.description')} source={p.description} />
      <Section title={t('problem.input')} source={p.input} />
      <Section title={t('problem.output')} source={p.output} />
      {examples.map((ex, i) => (
        <div className="sample-pair" key={i} data-testid={`sample-${i + 1}`}>
          <SampleBlock label={t('problem.sampleInput', { n: i + 1 })} text={ex.input} />
          <SampleBlock label={t('problem.sampleOutput', { n: i + 1 })} text={ex.output} />
        </div>
      ))}
      <Section title={t('problem.hint')} source={p.hint} />
      {!contestId && p.source?.trim() && (
        <section className="problem-section">
          <h3 className="text-title-5">{t('problem.source')}</h3>
          <div>{p.source}</div>
        </section>
      )}
      {statsUsed && (
        <Suspense fallback={null}>
          <StatisticsDialog open={statsOpen} onClose={() => setStatsOpen(false)} count={detail.problemCount} />
        </Suspense>
      )}
    </div>
  );
}
