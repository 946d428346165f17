import { Box, Text } from 'ink';
import type { Line } from '../line-editor.js';
import { TextField } from './TextField.js';

export interface LoginFormProps {
  serverUrl: string;
  email: Line;
  password: Line;
  focus: 'email' | 'password';
  /** Why the form is shown (a refused token), if not simply because there is none. */
  notice: string | undefined;
  error: string | undefined;
  busy: boolean;
  colour: boolean;
}

/** Staff sign-in: email and a masked password. */
export function LoginForm(props: LoginFormProps) {
  const { serverUrl, email, password, focus, notice, error, busy, colour } = props;
  return (
    <Box flexDirection="column">
      <Text bold>{`Sign in to ${serverUrl}`}</Text>
      <Text>{notice ?? 'No API key or saved session: sign in with your staff account.'}</Text>
      <Text> </Text>
      <TextField
        label="Email   "
        value={email.text}
        cursor={email.cursor}
        focused={focus === 'email'}
        colour={colour}
      />
      <TextField
        label="Password"
        value={password.text}
        cursor={password.cursor}
        masked
        focused={focus === 'password'}
        colour={colour}
      />
      <Text> </Text>
      {busy ? <Text>signing in…</Text> : null}
      {error && !busy ? <Text color={colour ? 'red' : undefined}>{`✗ ${error}`}</Text> : null}
    </Box>
  );
}
