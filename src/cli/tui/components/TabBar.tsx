import { Box, Text } from 'ink';

export interface Tab {
  label: string;
  /** Shown dimmed with this note, e.g. "admin only". */
  unavailable?: string | undefined;
}

export interface TabBarProps {
  tabs: Tab[];
  active: number;
  colour: boolean;
  columns: number;
}

/** The tabs, numbered for their keys; the active one in brackets (not only in colour). */
export function TabBar({ tabs, active, colour, columns }: TabBarProps) {
  return (
    <Box width={columns} flexDirection="column">
      <Text wrap="truncate-end">
        {tabs.map((tab, index) => {
          const current = index === active;
          const text = `${index + 1} ${tab.label}${tab.unavailable ? ` (${tab.unavailable})` : ''}`;
          return (
            <Text key={tab.label}>
              {index > 0 ? '  ' : ''}
              <Text
                bold={current}
                inverse={current && colour}
                dimColor={!current && Boolean(tab.unavailable)}
              >
                {current ? `[${text}]` : ` ${text} `}
              </Text>
            </Text>
          );
        })}
      </Text>
      <Text dimColor>{'─'.repeat(Math.max(0, columns))}</Text>
    </Box>
  );
}
