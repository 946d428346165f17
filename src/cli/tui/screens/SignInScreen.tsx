import { Text } from 'ink';
import { useState } from 'react';
import { LoginForm } from '../components/LoginForm.js';
import { ScreenFrame } from '../components/ScreenFrame.js';
import { useKeys } from '../hooks/use-keys.js';
import { useLiveState } from '../hooks/use-live-state.js';
import type { Session } from '../hooks/use-session.js';
import { EMPTY_LINE, editLine } from '../line-editor.js';
import type { Line } from '../line-editor.js';

export interface SignInScreenProps {
  session: Exclude<Session, { phase: 'ready' }>;
  serverUrl: string;
  login(email: string, password: string): Promise<void>;
  quit(): void;
  colour: boolean;
  columns: number;
  bodyHeight: number;
}

/** Before the tabs: checking the token, waiting for the server, or the staff sign-in form. */
export function SignInScreen(props: SignInScreenProps) {
  const { session, serverUrl, colour, columns, bodyHeight } = props;
  const [email, setEmail, getEmail] = useLiveState<Line>(EMPTY_LINE);
  const [password, setPassword, getPassword] = useLiveState<Line>(EMPTY_LINE);
  const [focus, setFocus, getFocus] = useLiveState<'email' | 'password'>('email');
  const [localError, setLocalError] = useState<string | undefined>(undefined);
  const form = session.phase === 'login';

  useKeys((input, key) => {
    if (!form) {
      if (input === 'q') props.quit();
      return;
    }
    if (session.busy) return;
    const focus = getFocus();
    if (key.tab || key.upArrow || key.downArrow) {
      setFocus((field) => (field === 'email' ? 'password' : 'email'));
    } else if (key.return) {
      const email = getEmail().text.trim();
      const password = getPassword().text;
      if (focus === 'email') {
        setFocus('password');
      } else if (!email || !password) {
        setLocalError('enter both an email and a password');
      } else {
        setLocalError(undefined);
        setPassword(EMPTY_LINE);
        void props.login(email, password);
      }
    } else if (focus === 'email') setEmail((line) => editLine(line, input, key));
    else setPassword((line) => editLine(line, input, key));
  }, true);

  let body;
  if (session.phase === 'login') {
    body = (
      <LoginForm
        serverUrl={serverUrl}
        email={email}
        password={password}
        focus={focus}
        notice={session.notice}
        error={localError ?? session.error}
        busy={session.busy}
        colour={colour}
      />
    );
  } else {
    body = <Text>{`Connecting to ${serverUrl}…`}</Text>;
  }
  return (
    <ScreenFrame
      height={bodyHeight}
      columns={columns}
      status={undefined}
      reconnecting={session.phase === 'reconnecting' ? session.error : undefined}
      hints={
        form
          ? [
              { keys: 'Tab', label: 'next field' },
              { keys: 'Enter', label: 'sign in' },
              { keys: 'Ctrl-C', label: 'quit' },
            ]
          : [{ keys: 'q', label: 'quit' }]
      }
      colour={colour}
    >
      {body}
    </ScreenFrame>
  );
}
