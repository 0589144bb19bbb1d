import { useState } from 'react';
import { AutoComplete, Button, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/feedback';
import { allTagsQuery } from '../../problem';
import type { TagRow } from './state';

/** Tags of a problem: pick existing ones or create new ones on the fly; a duplicate only warns. */
export function TagPicker({ value, onChange, id }: { value: TagRow[]; onChange: (v: TagRow[]) => void; /** For the field's label (FormField). */ id?: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const all = useQuery(allTagsQuery('ME'));
  const add = (name: string) => {
    const n = name.trim();
    if (!n) return;
    if (value.some((x) => x.name.trim().toLowerCase() === n.toLowerCase())) {
      toast('warning', t('adminProblem.tagDuplicate', { name: n }));
      return;
    }
    const known = (all.data ?? []).find((x) => x.name.toLowerCase() === n.toLowerCase());
    onChange([...value, known ? { id: known.id, name: known.name, color: known.color } : { name: n }]);
    setText('');
  };
  return (
    <div>
      <Space wrap style={{ marginBottom: 6 }}>
        {value.map((tg) => (
          <Tag key={tg.name} color={tg.color ?? (tg.id ? 'blue' : 'green')} closable onClose={() => onChange(value.filter((x) => x !== tg))}>{tg.name}</Tag>
        ))}
      </Space>
      <Space.Compact style={{ width: 320 }}>
        <AutoComplete
          id={id}
          value={text}
          onChange={setText}
          onSelect={(v: string) => add(v)}
          options={(all.data ?? []).filter((x) => x.name.toLowerCase().includes(text.toLowerCase())).slice(0, 50).map((x) => ({ value: x.name }))}
          placeholder={t('adminProblem.tagPlaceholder')}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(text); } }}
          style={{ flex: 1 }}
          data-testid="tag-input"
        />
        <Button icon={<PlusOutlined />} onClick={() => add(text)}>{t('adminProblem.addTag')}</Button>
      </Space.Compact>
    </div>
  );
}
