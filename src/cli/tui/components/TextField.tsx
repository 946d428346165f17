import { Box, Text } from 'ink';

export interface TextFieldProps {
  label: string;
  value: string;
  focused: boolean;
  /** Shows one bullet per character instead of the text. */
  masked?: boolean;
  /** A refusal shown right after the field (the server's message, or a local check). */
  error?: string | undefined;
  colour: boolean;
}

/** A one-line input as the user types it; the screen holds the value and handles the keys. */
export function TextField({ label, value, focused, masked, error, colour }: TextFieldProps) {
  const shown = masked ? '•'.repeat([...value].length) : value;
  return (
    <Box>
      <Text bold={focused}>{`${focused ? '›' : ' '} ${label}: `}</Text>
      <Text>{shown}</Text>
      {focused ? <Text>█</Text> : null}
      {error ? <Text color={colour ? 'red' : undefined}>{`  ✗ ${error}`}</Text> : null}
    </Box>
  );
}
