import { useTranslation } from 'react-i18next';

/** One view of a list: the status it shows (`undefined`: all) and its catalog key. */
export interface View<S extends string> {
  status: S | undefined;
  key: string;
}

/**
 * A list's views as a row of toggle buttons (Dispatch's open/closed/all, Returns' received/…):
 * choosing one shows its status and goes back to the first page.
 */
export function ViewTabs<S extends string>({
  label,
  views,
  current,
  onChoose,
}: {
  label: string;
  views: readonly View<S>[];
  current: S | undefined;
  onChoose: (status: S | undefined) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <div className="view-tabs" role="group" aria-label={label}>
      {views.map((v) => (
        <button
          key={v.key}
          type="button"
          className="secondary"
          aria-pressed={current === v.status}
          onClick={() => onChoose(v.status)}
        >
          {t(v.key)}
        </button>
      ))}
    </div>
  );
}
