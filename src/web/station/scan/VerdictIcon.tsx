/** A verdict's icon: a shape as well as a colour, never colour alone. */
export function VerdictIcon({ kind }: { kind: 'accepted' | 'refused' | 'queued' }) {
  return (
    <svg className="verdict-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {kind === 'accepted' && <path d="M4 12.5l5 5L20 6.5" />}
      {kind === 'refused' && <path d="M6 6l12 12M18 6L6 18" />}
      {kind === 'queued' && (
        <>
          <circle cx="12" cy="12" r="8.5" />
          <path d="M12 7.5V12l3 2" />
        </>
      )}
    </svg>
  );
}

/** The catalog's word for each verdict. */
export const VERDICT_WORDS = {
  accepted: 'verdict.accepted',
  refused: 'verdict.refused',
  queued: 'verdict.queued',
} as const;
