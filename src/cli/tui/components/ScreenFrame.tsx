import type { ReactNode } from 'react';
import { Box } from 'ink';
import { errorLine } from '../format.js';
import type { StatusMessage } from '../hooks/use-action.js';
import { Footer } from './Footer.js';
import type { Hint } from './Footer.js';
import { StatusLine } from './StatusLine.js';

export interface ScreenFrameProps {
  /** Lines the body may use; it is clipped there so the footer stays put. */
  height: number;
  columns: number;
  status: StatusMessage | undefined;
  reconnecting?: string | undefined;
  hints: Hint[];
  colour: boolean;
  children: ReactNode;
}

/** A tab's body, then its status line and the footer with the keys that work on it. */
export function ScreenFrame(props: ScreenFrameProps) {
  const { height, columns, status, reconnecting, hints, colour, children } = props;
  return (
    <Box flexDirection="column" width={columns}>
      <Box flexDirection="column" height={height} overflow="hidden">
        {children}
      </Box>
      <StatusLine status={status} reconnecting={reconnecting} colour={colour} columns={columns} />
      <Footer hints={hints} columns={columns} />
    </Box>
  );
}

/**
 * The status line of a tab that shows one loaded resource: the last action's outcome first, else
 * the resource's load error; a lost connection shows as "reconnecting" instead of an error.
 */
function frameStatus(
  actionStatus: StatusMessage | undefined,
  resource: { error: unknown; reconnecting: boolean },
): Pick<ScreenFrameProps, 'status' | 'reconnecting'> {
  const failed = Boolean(resource.error) && !resource.reconnecting;
  return {
    status:
      actionStatus ?? (failed ? { kind: 'error', text: errorLine(resource.error) } : undefined),
    reconnecting: resource.reconnecting ? errorLine(resource.error) : undefined,
  };
}

/** What a tab's frame needs of its screen's props. */
export interface TabLayout {
  bodyHeight: number;
  columns: number;
  colour: boolean;
}

export interface TabFrameProps {
  layout: TabLayout;
  /** The outcome of the tab's last action. */
  status: StatusMessage | undefined;
  /** The resource the tab shows: its load error or lost connection fills the status line. */
  resource: { error: unknown; reconnecting: boolean };
  hints: Hint[];
  children: ReactNode;
}

/** The frame of a tab that shows one resource from the server. */
export function TabFrame({ layout, status, resource, hints, children }: TabFrameProps) {
  return (
    <ScreenFrame
      height={layout.bodyHeight}
      columns={layout.columns}
      {...frameStatus(status, resource)}
      hints={hints}
      colour={layout.colour}
    >
      {children}
    </ScreenFrame>
  );
}
