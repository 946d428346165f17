import { Box, Text } from 'ink';
import stringWidth from 'string-width';
import { lineOf, plainLine, viewLine } from '../line-editor.js';
import type { Line } from '../line-editor.js';

export interface LineTextProps {
  line: Line;
  /** Columns it may take, cursor included; the text scrolls sideways to keep the cursor on it. */
  width?: number | undefined;
  colour: boolean;
}

/** How a line is drawn: as plain text with `█` for the cursor, or with the cursor in reverse. */
function drawn(line: Line, width: number | undefined, colour: boolean) {
  const plain = !colour || line.cursor >= [...line.text].length;
  // Plain, the cursor takes a column of its own; in reverse, it sits on a character.
  const view = viewLine(line, width === undefined ? undefined : width - (plain ? 1 : 0));
  return { view, plain };
}

/** The columns `LineText` takes for this line. */
export function lineTextWidth(line: Line, width: number | undefined, colour: boolean): number {
  const { view, plain } = drawn(line, width, colour);
  return stringWidth(view.before + view.under + view.after) + (plain ? 1 : 0);
}

/**
 * A line being edited, with its cursor: `█` after the text when the cursor is at the end; in the
 * middle, the character under the cursor in reverse video (with colour) or `█` in front of it.
 */
export function LineText({ line, width, colour }: LineTextProps) {
  const { view, plain } = drawn(line, width, colour);
  if (plain) return <Text>{plainLine(view)}</Text>;
  return (
    <Text>
      {view.before}
      <Text inverse>{view.under}</Text>
      {view.after}
    </Text>
  );
}

export interface TextFieldProps {
  label: string;
  value: string;
  /** Where the cursor is, in characters from the start; the end when left out. */
  cursor?: number | undefined;
  focused: boolean;
  /** Shows one bullet per character instead of the text. */
  masked?: boolean;
  /** A refusal shown right after the field (the server's message, or a local check). */
  error?: string | undefined;
  colour: boolean;
}

/** A one-line input as the user types it; the screen holds the value and handles the keys. */
export function TextField({
  label,
  value,
  cursor,
  focused,
  masked,
  error,
  colour,
}: TextFieldProps) {
  const shown = masked ? '•'.repeat([...value].length) : value;
  const line = cursor === undefined ? lineOf(shown) : { text: shown, cursor };
  return (
    <Box>
      <Text bold={focused}>{`${focused ? '›' : ' '} ${label}: `}</Text>
      {focused ? <LineText line={line} colour={colour} /> : <Text>{shown}</Text>}
      {error ? <Text color={colour ? 'red' : undefined}>{`  ✗ ${error}`}</Text> : null}
    </Box>
  );
}
