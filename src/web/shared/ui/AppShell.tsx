import type { ReactNode } from 'react';

/**
 * The frame of a signed-in face: the product (or `brand`, e.g. the factory's name in the
 * portal) and face name, who is signed in, sign-out, and the page below. `nav` is the face's own
 * navigation (links).
 */
export function AppShell({
  brand = 'factoryd',
  face,
  user,
  onSignOut,
  nav,
  children,
}: {
  brand?: string;
  face: string;
  user: string;
  onSignOut: () => void;
  nav?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="app-shell">
      <header className="app-header">
        <span className="app-brand">
          {brand} <span className="app-face">{face}</span>
        </span>
        {nav && <nav aria-label="Main">{nav}</nav>}
        <span className="app-user">
          {user}
          <button type="button" className="link-button" onClick={onSignOut}>
            Sign out
          </button>
        </span>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
