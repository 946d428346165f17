import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiProvider } from '../shared/api/api-context.js';
import { call, createApiClient } from '../shared/api/client.js';
import { LanguageMenu } from '../shared/i18n/LanguageMenu.js';
import { i18n } from '../shared/i18n/i18n.js';
import { createQueryClient } from '../shared/query/query-client.js';
import { useStoredValue } from '../shared/session/stored-value.js';
import { ErrorMessage } from '../shared/ui/ErrorMessage.js';
import { TextField } from '../shared/ui/TextField.js';
import { Board } from './Board.js';
import { boardDevice, codeInAddress } from './board-device.js';
import { ROLE_KEYS } from './board-i18n.js';

/** Pairs this screen as a board with a code of role `board`; a station's code is refused. */
async function pair(code: string): Promise<void> {
  const paired = await call(createApiClient().POST('/v1/stations/pair', { body: { code } }));
  if (paired.role !== 'board') {
    throw new Error(
      i18n.t('staff:board.not_a_board', {
        role: i18n.t(ROLE_KEYS[paired.role], { ns: 'staff' }),
        name: paired.name,
      }),
    );
  }
  boardDevice.set(paired);
}

/**
 * The board on a paired screen: its API client carries the board's token, and the first 401
 * (the board was deleted) forgets it and shows the pairing form again.
 */
export function PairedBoard() {
  const device = useStoredValue(boardDevice);
  const queryClient = useMemo(() => createQueryClient(), []);
  const api = useMemo(
    () =>
      createApiClient({
        token: () => boardDevice.get()?.token ?? null,
        onUnauthorized: () => {
          boardDevice.clear();
          queryClient.clear();
        },
      }),
    [queryClient],
  );
  if (!device) return <PairBoardForm />;
  return (
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        <Board />
      </QueryClientProvider>
    </ApiProvider>
  );
}

/** "Pair this screen": the code from the address pairs by itself; else it is typed here. */
export function PairBoardForm() {
  const { t } = useTranslation('staff');
  const [error, setError] = useState<unknown>(null);
  // A code in the address pairs at once, without being typed.
  const [busy, setBusy] = useState(() => codeInAddress() !== null);
  const paired = () => {
    // The code leaves the address; `?lang=` stays.
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    dispatchEvent(new HashChangeEvent('hashchange'));
  };
  const refused = (err: unknown) => {
    setError(err);
    setBusy(false);
  };
  const run = (code: string) => {
    setBusy(true);
    setError(null);
    pair(code).then(paired, refused);
  };
  useEffect(() => {
    const code = codeInAddress();
    if (code) pair(code).then(paired, refused);
  }, []);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  return (
    <main className="sign-in">
      <form className="card" onSubmit={submit} aria-labelledby="board-pair-title">
        <h1 id="board-pair-title">{t('board.pair_title')}</h1>
        <p>{t('board.pair_how')}</p>
        <TextField label={t('board.code')} name="code" autoComplete="off" />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? t('board.pairing') : t('board.pair')}
        </button>
        <LanguageMenu />
      </form>
    </main>
  );
}
