import { Box, Text } from 'ink';

export interface HeaderProps {
  factory: string | undefined;
  serverUrl: string;
  /** Who is signed in: "API key ci" or "Jo Bloggs <jo@…> (supervisor)". */
  who: string | undefined;
  columns: number;
  /** Something an admin must know at once (the latest scheduled backup failed), in red. */
  warning?: string | undefined;
}

/** First line of every screen: the factory, a warning if any, the server and who is signed in. */
export function Header({ factory, serverUrl, who, columns, warning }: HeaderProps) {
  return (
    <Box width={columns}>
      <Text wrap="truncate-end">
        <Text bold>{factory ?? 'factoryd'}</Text>
        {warning ? (
          <Text color="red" bold>
            {`  ${warning}`}
          </Text>
        ) : null}
        <Text>{`  ${serverUrl}`}</Text>
        {who ? <Text>{`  ·  ${who}`}</Text> : null}
      </Text>
    </Box>
  );
}
