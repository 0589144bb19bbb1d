import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import './plain-tabs.css';

export interface PlainTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * Tabs with antd's look (a row of labels, an ink bar under the active one) and the ARIA tabs
 * pattern (arrow keys, Home and End move between tabs), without antd's Tabs, which brings its
 * overflow menu, Dropdown and motion code to every screen that shows one. Like antd's default, a
 * pane is rendered the first time it is opened and then kept (hidden) while another one is shown.
 */
export function PlainTabs({ items, activeKey, onChange, className, testId }: {
  items: PlainTab[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  testId?: string;
}) {
  const id = useId();
  const active = items.some((i) => i.key === activeKey) ? activeKey : (items[0]?.key ?? '');
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set([...opened, active]));
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((i) => i.key === active);
    const moves: Partial<Record<string, number>> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: items.length - 1 };
    const to = moves[e.key];
    if (to === undefined || !items.length) return;
    e.preventDefault();
    const next = items[(to + items.length) % items.length];
    onChange(next.key);
    document.getElementById(tabId(next.key))?.focus();
  };

  return (
    <div className={`plain-tabs${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div className="plain-tabs-nav" role="tablist" onKeyDown={onKeyDown}>
        {items.map((i) => (
          <button
            key={i.key}
            type="button"
            role="tab"
            id={tabId(i.key)}
            className="plain-tab"
            aria-selected={i.key === active}
            aria-controls={panelId(i.key)}
            tabIndex={i.key === active ? 0 : -1}
            onClick={() => onChange(i.key)}
          >
            {i.label}
          </button>
        ))}
      </div>
      {items.filter((i) => i.key === active || opened.has(i.key)).map((i) => (
        <div key={i.key} role="tabpanel" id={panelId(i.key)} aria-labelledby={tabId(i.key)} hidden={i.key !== active} className="plain-tabs-panel">
          {i.children}
        </div>
      ))}
    </div>
  );
}
