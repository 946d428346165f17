import { Box, Text } from 'ink';

export interface HeaderProps {
  factory: string | undefined;
  serverUrl: string;
  /** Who is signed in: "API key ci" or "Jo Bloggs <jo@…> (supervisor)". */
  who: string | undefined;
  columns: number;
}

/** First line of every screen: the factory, the server and who is signed in. */
export function Header({ factory, serverUrl, who, columns }: HeaderProps) {
  return (
    <Box width={columns}>
      <Text wrap="truncate-end">
        <Text bold>{factory ?? 'factoryd'}</Text>
        <Text>{`  ${serverUrl}`}</Text>
        {who ? <Text>{`  ·  ${who}`}</Text> : null}
      </Text>
    </Box>
  );
}
