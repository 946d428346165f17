import type { ReactNode } from 'react';

/** A page's heading with its actions on the right. */
export function PageHeader({
  title,
  children,
  sub,
}: {
  title: ReactNode;
  children?: ReactNode;
  sub?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {sub && <div className="page-sub">{sub}</div>}
      </div>
      {children && <div className="page-actions">{children}</div>}
    </header>
  );
}
