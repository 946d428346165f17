import type { ReactNode } from 'react';

/** What an empty list shows: what it is, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-title">{title}</p>
      {children && <div className="empty-next">{children}</div>}
    </div>
  );
}
