import { Fragment } from 'react';

/**
 * Where a URL may wrap: after `//` and each `/`, before `?`, `&` and `#`, and after `.` in the
 * host — the places a person reads as separators — never inside a word.
 */
export function urlBreaks(url: string): string[] {
  return url.split(/(?<=\/)(?!\/)|(?=[?&#])|(?<=\.)(?=[^/]*(?:\/|$))/).filter(Boolean);
}

/**
 * A URL shown in full, wrapping only at its separators; a part too long for its column ends in
 * an ellipsis, and the whole URL is in the title (hover) and the accessible text.
 */
export function UrlText({ url }: { url: string }) {
  return (
    <span className="url" title={url}>
      {urlBreaks(url).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
