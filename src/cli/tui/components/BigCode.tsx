import { Box, Text } from 'ink';
import { bigText } from '../big-text.js';

export interface BigCodeProps {
  code: string;
}

/** A pairing code in block letters, readable from across the room; plain bold text if it can't. */
export function BigCode({ code }: BigCodeProps) {
  const lines = bigText(code);
  if (!lines) return <Text bold>{code}</Text>;
  return (
    <Box flexDirection="column">
      {lines.map((line, index) => (
        <Text key={index} bold>
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}

/** Width of the block letters of `code` in columns (its plain length when it has none). */
export function bigCodeWidth(code: string): number {
  const lines = bigText(code);
  return lines ? Math.max(...lines.map((line) => line.length)) : code.length;
}
