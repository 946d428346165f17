import { Box, Text } from 'ink';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';

export interface TableColumn {
  header: string;
  /** Fixed width; the one column without a width takes what is left. */
  width?: number;
}

export interface TableRow {
  key: string;
  cells: string[];
  /** Shown dimmed (a revoked key or station); the cells say why in words too. */
  dim?: boolean;
}

export interface TableProps {
  columns: TableColumn[];
  rows: TableRow[];
  /** Index of the selected row, marked with › (and inverse when colour is on). */
  selected: number;
  /** Lines available for rows, header excluded; the rows scroll to keep the selection in view. */
  height: number;
  width: number;
  empty: string;
  colour: boolean;
  /** The server has rows beyond these (`ready`), or the next of them are on their way. */
  more?: 'ready' | 'loading' | undefined;
}

const MORE = { ready: ' · the last row loads more', loading: ' · loading more…' } as const;

const GAP = 2;
const MARKER = 2;

function widthsOf(columns: TableColumn[], width: number): number[] {
  const fixed = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const gaps = GAP * (columns.length - 1) + MARKER;
  const rest = Math.max(8, width - fixed - gaps);
  return columns.map((column) => column.width ?? rest);
}

function cell(text: string, width: number): string {
  const cut = cliTruncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** A list of records as aligned columns with a selection, cut to the room it is given. */
export function Table(props: TableProps) {
  const { columns, rows, selected, height, width, empty, colour, more } = props;
  const widths = widthsOf(columns, width);
  const line = (cells: string[]) =>
    cells
      .map((text, index) => cell(text, widths[index]!))
      .join(' '.repeat(GAP))
      .trimEnd();
  const visible = Math.max(1, height);
  const start = Math.min(Math.max(0, selected - visible + 1), Math.max(0, rows.length - visible));
  const shown = rows.slice(start, start + visible);
  return (
    <Box flexDirection="column">
      <Text
        bold
        wrap="truncate-end"
      >{`${' '.repeat(MARKER)}${line(columns.map((c) => c.header))}`}</Text>
      {rows.length === 0 ? <Text>{`${' '.repeat(MARKER)}${empty}`}</Text> : null}
      {shown.map((row, offset) => {
        const isSelected = start + offset === selected;
        return (
          <Text
            key={row.key}
            wrap="truncate-end"
            inverse={isSelected && colour}
            bold={isSelected}
            dimColor={row.dim && !isSelected}
          >
            {`${isSelected ? '› ' : '  '}${line(row.cells)}`}
          </Text>
        );
      })}
      {rows.length > visible || more ? (
        <Text dimColor wrap="truncate-end">
          {`  ${start + 1}–${start + shown.length} of ${rows.length}${more ? `+${MORE[more]}` : ''}`}
        </Text>
      ) : null}
    </Box>
  );
}
