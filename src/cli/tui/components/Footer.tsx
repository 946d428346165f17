import { Box, Text } from 'ink';

/** One key (or key group) that works on the current screen. */
export interface Hint {
  keys: string;
  label: string;
  /** Shown dimmed with this note instead of working, e.g. "admin only". */
  unavailable?: string | undefined;
}

export interface FooterProps {
  hints: Hint[];
  columns: number;
}

/** Last line: the keys that work here, unavailable ones dimmed and labelled as such. */
export function Footer({ hints, columns }: FooterProps) {
  return (
    <Box width={columns}>
      <Text wrap="truncate-end">
        {hints.map((hint, index) => (
          <Text key={`${hint.keys} ${hint.label}`} dimColor={Boolean(hint.unavailable)}>
            {index > 0 ? '  ' : ''}
            <Text bold={!hint.unavailable}>{hint.keys}</Text>
            {` ${hint.label}`}
            {hint.unavailable ? ` (${hint.unavailable})` : ''}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
