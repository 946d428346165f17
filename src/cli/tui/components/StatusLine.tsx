import { Box, Text } from 'ink';
import type { StatusMessage } from '../hooks/use-action.js';

export interface StatusLineProps {
  status: StatusMessage | undefined;
  /** Set while the server cannot be reached: says so and why. */
  reconnecting?: string | undefined;
  colour: boolean;
  columns: number;
}

const MARK = { error: '✗', success: '✓', info: '·' } as const;
const COLOUR = { error: 'red', success: 'green', info: undefined } as const;

/** One line above the footer; always there, so the layout does not jump. */
export function StatusLine({ status, reconnecting, colour, columns }: StatusLineProps) {
  let content = <Text> </Text>;
  if (reconnecting) {
    content = (
      <Text wrap="truncate-end" color={colour ? 'yellow' : undefined}>
        {`⟳ reconnecting… ${reconnecting}`}
      </Text>
    );
  } else if (status) {
    content = (
      <Text wrap="truncate-end" color={colour ? COLOUR[status.kind] : undefined}>
        {`${MARK[status.kind]} ${status.text}`}
      </Text>
    );
  }
  return <Box width={columns}>{content}</Box>;
}
