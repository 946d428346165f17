/** The three faces of the web app, each its own code (DESIGN §12). */
export type Face = 'station' | 'portal' | 'staff';

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Which face a path belongs to: `/station…`, `/portal…`, else the staff app. */
export function faceOf(pathname: string): Face {
  if (under(pathname, '/station')) return 'station';
  if (under(pathname, '/portal')) return 'portal';
  return 'staff';
}
