import { Box, Text } from 'ink';

export interface ConfirmProps {
  question: string;
  /** A second line, e.g. a consequence worth knowing. */
  detail?: string | undefined;
}

/** A yes/no question; the screen acts on y and drops it on n or Esc. */
export function Confirm({ question, detail }: ConfirmProps) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{`${question}  [y/n]`}</Text>
      {detail ? <Text>{detail}</Text> : null}
    </Box>
  );
}
