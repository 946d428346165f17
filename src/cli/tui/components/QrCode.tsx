import { Box, Text } from 'ink';

export interface QrCodeProps {
  /** Half-block lines from `qrLines`. */
  lines: string[];
  colour: boolean;
}

/**
 * A QR code drawn with half blocks. With colour it is pinned to white on black so it scans on
 * any theme; without, it uses the terminal's own foreground and background.
 */
export function QrCode({ lines, colour }: QrCodeProps) {
  return (
    <Box flexDirection="column">
      {lines.map((line, index) => (
        <Text
          key={index}
          color={colour ? 'whiteBright' : undefined}
          backgroundColor={colour ? 'black' : undefined}
        >
          {line}
        </Text>
      ))}
    </Box>
  );
}
