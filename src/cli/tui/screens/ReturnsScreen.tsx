import { Box, Text } from 'ink';
import type { Key } from 'ink';
import { Confirm } from '../components/Confirm.js';
import { ListTable } from '../components/ListTable.js';
import { TabFrame } from '../components/ScreenFrame.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ApiError } from '../../errors.js';
import { ago } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useList } from '../hooks/use-list.js';
import { useMachine } from '../hooks/use-machine.js';
import { useNow } from '../hooks/use-now.js';
import { isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { readOpenReturns, ROUTES } from '../tui-api.js';
import type { ReturnRecord } from '../tui-api.js';
import { labelOf, RETURNS_START, returnsHints, returnsReducer } from './returns-machine.js';
import type { ReturnsAction, ReturnsEffect, ReturnsState } from './returns-machine.js';
import type { ScreenProps } from './screen-props.js';

const COLUMNS: TableColumn[] = [
  { header: 'barcode', width: 14 },
  { header: 'order', width: 14 },
  { header: 'reason' },
  { header: 'received', width: 12 },
];

/** The action a key asks for in the current mode, if any. */
function actionFor(
  state: ReturnsState,
  input: string,
  key: Key,
  context: {
    count: number;
    current: ReturnRecord | undefined;
    canCreate: boolean;
    canUpdate: boolean;
  },
): ReturnsAction | undefined {
  const item = context.current;
  if (state.mode === 'bay') {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: 'restock', item };
    return { type: 'key', input, key };
  }
  if (state.mode === 'new') {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: 'submit' };
    if (key.tab || key.upArrow || key.downArrow) return { type: 'switch-field' };
    return { type: 'key', input, key };
  }
  if (state.mode === 'write-off') {
    if (input === 'y') return { type: 'write-off', item };
    return input === 'n' || key.escape ? { type: 'cancel' } : undefined;
  }
  if (isSelectionKey(key)) {
    return { type: 'select', index: moveSelection(state.selected, context.count, key) };
  }
  if (input === 'n') return { type: 'new-return', allowed: context.canCreate };
  if (input === 's') return { type: 'close', how: 'restock', item, allowed: context.canUpdate };
  if (input === 'w') return { type: 'close', how: 'write-off', item, allowed: context.canUpdate };
  return input === 'g' ? { type: 'reload' } : undefined;
}

/**
 * Open returns (received, not yet closed): record a new one (type or scan the barcode), restock
 * one at a bay or write it off; the list refreshes.
 */
export function ReturnsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const action = useAction(props.onUnauthorized);
  const now = useNow(props.now, timing.tickMs * 30, active);
  const canUpdate = can(ROUTES.updateReturn);
  const canCreate = can(ROUTES.createReturn);
  const returns = useList((pages) => readOpenReturns(api, pages), {
    active,
    intervalMs: timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });

  const perform = (effect: ReturnsEffect) => {
    if (effect.kind === 'notice') action.setStatus(effect.status);
    else if (effect.kind === 'restock') void restock(effect.item, effect.location);
    else if (effect.kind === 'write-off') void writeOff(effect.item);
    else if (effect.kind === 'create') void create(effect.barcode, effect.reason);
    else returns.refresh();
  };
  const [state, dispatch, getState] = useMachine(returnsReducer, RETURNS_START, perform);
  const { mode } = state;
  const list = returns.rows;
  const current: ReturnRecord | undefined = list[Math.min(state.selected, list.length - 1)];

  async function restock(item: ReturnRecord, location: string) {
    await action.run(() => api.restockReturn(item.id, location), {
      success: () => `Restocked ${labelOf(item)} at ${location}.`,
    });
    returns.refresh();
  }

  async function create(barcode: string, reason: string | undefined) {
    const result = await action.run(() => api.createReturn(barcode, reason), {
      success: (created) =>
        `Recorded the return of ${created.barcode ?? barcode}` +
        `${created.order_no ? ` (order ${created.order_no})` : ''}.`,
      onError: (error) => {
        // The form stays open with the server's answer under it, to correct and send again.
        if (!(error instanceof ApiError)) return false;
        dispatch({ type: 'create-refused', message: `${error.message} (${error.code})` });
        return true;
      },
    });
    if (!result) return;
    dispatch({ type: 'created' });
    returns.refresh();
  }

  async function writeOff(item: ReturnRecord) {
    await action.run(() => api.writeOffReturn(item.id), {
      success: () => `Wrote off ${labelOf(item)}.`,
    });
    returns.refresh();
  }

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const state = getState();
    if (state.mode === 'browse' && navigate(input, key, navigation)) return;
    const list = returns.rows;
    const current = list[Math.min(state.selected, list.length - 1)];
    const next = actionFor(state, input, key, {
      count: list.length,
      current,
      canCreate,
      canUpdate,
    });
    if (next) dispatch(next);
  }, active);

  const reserved = mode === 'browse' ? 0 : mode === 'new' ? 6 : 4;
  return (
    <TabFrame
      layout={props}
      status={action.status}
      resource={returns}
      hints={returnsHints(state, { canCreate, canUpdate }, navigation.tabCount)}
    >
      <Box flexDirection="column">
        <Text bold>Open returns</Text>
        <ListTable
          list={returns}
          noun="returns"
          columns={COLUMNS}
          row={(item) => ({
            key: item.id,
            cells: [
              labelOf(item),
              item.order_no ?? item.order_id ?? '—',
              item.reason ?? '—',
              ago(item.created_at, now),
            ],
          })}
          selected={state.selected}
          height={bodyHeight - 3 - reserved}
          width={columns}
          empty="No open returns."
          colour={colour}
        />
        {mode === 'bay' && current ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>{`Restock ${labelOf(current)}`}</Text>
            <TextField
              label="Bay"
              value={state.bay.text}
              cursor={state.bay.cursor}
              focused
              error={state.bayError}
              colour={colour}
            />
          </Box>
        ) : null}
        {mode === 'new' ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>New return: a dispatched piece that came back</Text>
            <TextField
              label="Barcode"
              value={state.barcode.text}
              cursor={state.barcode.cursor}
              focused={state.focus === 'barcode'}
              colour={colour}
            />
            <TextField
              label="Reason "
              value={state.reason.text}
              cursor={state.reason.cursor}
              focused={state.focus === 'reason'}
              colour={colour}
            />
            {state.newError ? (
              <Text color={colour ? 'red' : undefined} wrap="wrap">{`✗ ${state.newError}`}</Text>
            ) : (
              <Text dimColor wrap="truncate-end">
                {state.focus === 'barcode'
                  ? 'Type or scan the barcode; Enter goes on to the reason.'
                  : 'Optional; Enter records the return.'}
              </Text>
            )}
          </Box>
        ) : null}
        {mode === 'write-off' && current ? (
          <Confirm
            question={`Write off ${labelOf(current)}?`}
            detail="The piece leaves stock for good; this cannot be undone."
          />
        ) : null}
      </Box>
    </TabFrame>
  );
}
