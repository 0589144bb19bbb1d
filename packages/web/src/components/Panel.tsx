import type { ReactNode } from 'react';

/**
 * A titled white box that looks like antd's Card (same radius, border, head and padding) without
 * its code: Card brings antd's Tabs along, and the first screens (home) only need the box.
 */
export function Panel({ title, extra, children, className, bodyPadding = true, testId }: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyPadding?: boolean;
  testId?: string;
}) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div className="panel-head">
        <h2 className="panel-title">{title}</h2>
        {extra && <div className="panel-extra">{extra}</div>}
      </div>
      <div className={bodyPadding ? 'panel-body' : undefined}>{children}</div>
    </section>
  );
}
