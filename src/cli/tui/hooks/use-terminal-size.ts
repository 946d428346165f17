import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

const DEFAULT_SIZE: TerminalSize = { columns: 80, rows: 24 };

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return {
    columns: stdout.columns || DEFAULT_SIZE.columns,
    rows: stdout.rows || DEFAULT_SIZE.rows,
  };
}

/** The terminal's size, updated when it is resized; 80×24 when the stream does not say. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
