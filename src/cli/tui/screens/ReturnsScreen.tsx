import { Box, Text } from 'ink';
import { useState } from 'react';
import { Confirm } from '../components/Confirm.js';
import type { Hint } from '../components/Footer.js';
import { frameStatus, ScreenFrame } from '../components/ScreenFrame.js';
import { Table } from '../components/Table.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ago, errorLine } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useNow } from '../hooks/use-now.js';
import { useLiveState } from '../hooks/use-live-state.js';
import { useResource } from '../hooks/use-resource.js';
import { editText, isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { ROUTES } from '../tui-api.js';
import type { ReturnRecord } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

type Mode = 'browse' | 'bay' | 'write-off';

const COLUMNS: TableColumn[] = [
  { header: 'barcode', width: 14 },
  { header: 'order', width: 14 },
  { header: 'reason' },
  { header: 'received', width: 12 },
];

/** What a return is called on screen: its barcode, else its id. */
function labelOf(item: ReturnRecord): string {
  return item.barcode ?? item.id;
}

/** Open returns (received, not yet closed): restock at a bay or write off; the list refreshes. */
export function ReturnsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const [mode, setMode, getMode] = useLiveState<Mode>('browse');
  const [selected, setSelected, getSelected] = useLiveState(0);
  const [bay, setBay, getBay] = useLiveState('');
  const [bayError, setBayError] = useState<string | undefined>(undefined);
  const action = useAction(props.onUnauthorized);
  const now = useNow(props.now, timing.tickMs * 30, active);
  const returns = useResource(() => api.listOpenReturns(), {
    active,
    intervalMs: timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });
  const list = returns.data ?? [];
  const current: ReturnRecord | undefined = list[Math.min(selected, list.length - 1)];
  const canUpdate = can(ROUTES.updateReturn);

  const restock = async (item: ReturnRecord) => {
    const location = getBay().trim();
    if (!location) {
      setBayError('a bay is needed to restock');
      return;
    }
    setMode('browse');
    await action.run(() => api.restockReturn(item.id, location), {
      success: () => `Restocked ${labelOf(item)} at ${location}.`,
    });
    returns.refresh();
  };

  const writeOff = async (item: ReturnRecord) => {
    setMode('browse');
    await action.run(() => api.writeOffReturn(item.id), {
      success: () => `Wrote off ${labelOf(item)}.`,
    });
    returns.refresh();
  };

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const mode = getMode();
    const current = list[Math.min(getSelected(), list.length - 1)];
    if (mode === 'bay') {
      if (key.escape) setMode('browse');
      else if (key.return && current) void restock(current);
      else {
        setBay((value) => editText(value, input, key));
        setBayError(undefined);
      }
      return;
    }
    if (mode === 'write-off') {
      if (input === 'y' && current) void writeOff(current);
      else if (input === 'n' || key.escape) setMode('browse');
      return;
    }
    if (navigate(input, key, navigation)) return;
    if (isSelectionKey(key)) setSelected((index) => moveSelection(index, list.length, key));
    else if ((input === 's' || input === 'w') && current) {
      if (!canUpdate) {
        action.setStatus({
          kind: 'error',
          text: 'closing returns is not allowed for this sign-in',
        });
      } else if (input === 's') {
        setBay('');
        setBayError(undefined);
        setMode('bay');
      } else setMode('write-off');
    } else if (input === 'g') returns.refresh();
  }, active);

  let hints: Hint[];
  if (mode === 'bay') hints = EDITING_HINTS;
  else if (mode === 'write-off') hints = CONFIRM_HINTS;
  else {
    const unavailable = canUpdate ? undefined : ADMIN_ONLY;
    hints = [
      { keys: '↑/↓', label: 'select' },
      { keys: 's', label: 'restock', unavailable },
      { keys: 'w', label: 'write off', unavailable },
      { keys: 'g', label: 'reload' },
      ...navigationHints(navigation.tabCount),
    ];
  }

  const reserved = mode === 'browse' ? 0 : 4;
  const body = (
    <Box flexDirection="column">
      <Text bold>Open returns</Text>
      {returns.data === undefined && returns.error ? (
        <Text>{`Could not load the returns: ${errorLine(returns.error)}`}</Text>
      ) : (
        <Table
          columns={COLUMNS}
          rows={list.map((item) => ({
            key: item.id,
            cells: [
              labelOf(item),
              item.order_no ?? item.order_id ?? '—',
              item.reason ?? '—',
              ago(item.created_at, now),
            ],
          }))}
          selected={Math.min(selected, Math.max(0, list.length - 1))}
          height={bodyHeight - 3 - reserved}
          width={columns}
          empty={returns.loading ? 'loading…' : 'No open returns.'}
          colour={colour}
        />
      )}
      {mode === 'bay' && current ? (
        <Box marginTop={1} flexDirection="column">
          <Text bold>{`Restock ${labelOf(current)}`}</Text>
          <TextField label="Bay" value={bay} focused error={bayError} colour={colour} />
        </Box>
      ) : null}
      {mode === 'write-off' && current ? (
        <Confirm
          question={`Write off ${labelOf(current)}?`}
          detail="The piece leaves stock for good; this cannot be undone."
        />
      ) : null}
    </Box>
  );

  return (
    <ScreenFrame
      height={bodyHeight}
      columns={columns}
      {...frameStatus(action.status, returns)}
      hints={hints}
      colour={colour}
    >
      {body}
    </ScreenFrame>
  );
}
