/** The faces of the web app (the floor board, DESIGN §16, the fourth), each its own code (DESIGN §12). */
export type Face = 'station' | 'portal' | 'staff' | 'board';

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Which face a path belongs to: `/station…`, `/portal…`, else the staff app. */
export function faceOf(pathname: string): Face {
  if (under(pathname, '/station')) return 'station';
  if (under(pathname, '/portal')) return 'portal';
  if (under(pathname, '/board')) return 'board';
  return 'staff';
}
