/** Optional text as it is stored: trimmed, and null when nothing is left (or none was given). */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
