import { Box, Text } from 'ink';
import { BigCode, bigCodeWidth } from './BigCode.js';
import { QrCode } from './QrCode.js';

export type PairingState = 'waiting' | 'paired' | 'expired';

export interface PairingPanelProps {
  code: string;
  name: string;
  role: string;
  /** Half-block QR lines, or undefined when the terminal is too small to draw it. */
  qr: string[] | undefined;
  /** Shown when the QR is left out. */
  qrText: string;
  /** The station page with the code (`pair_url`), for a phone or tablet's camera. */
  pairUrl: string;
  /** Half-block lines of `pairUrl`'s QR, when the terminal has room for a second one. */
  phoneQr?: string[] | undefined;
  state: PairingState;
  /** `09:41`, from the countdown. */
  remaining: string;
  width: number;
  colour: boolean;
}

/** A pairing code as a station's installer needs it: big, as a QR code, with its countdown. */
export function PairingPanel(props: PairingPanelProps) {
  const { code, name, role, qrText, pairUrl, state, remaining, width, colour } = props;
  // A board is a TV showing the floor (/board): it pairs in its browser, with no scanner.
  const board = role === 'board';
  // A used code is no use to anyone: its QR goes, so nobody scans it again.
  const qr = state === 'paired' ? undefined : props.qr;
  const phoneQr = qr ? props.phoneQr : undefined;
  const widthOf = (lines: string[] | undefined) =>
    lines ? Math.max(...lines.map((line) => line.length)) + 3 : 0;
  const qrWidth = widthOf(qr) + widthOf(phoneQr);
  const textWidth = Math.max(20, width - qrWidth);
  const big = bigCodeWidth(code) <= textWidth;
  const red = colour ? 'red' : undefined;
  const green = colour ? 'green' : undefined;
  return (
    <Box flexDirection="row">
      {qr ? (
        <Box marginRight={3} flexDirection="column">
          <QrCode lines={qr} colour={colour} />
          <Text>{board ? 'Board address' : 'Station app'}</Text>
        </Box>
      ) : null}
      {phoneQr ? (
        <Box marginRight={3} flexDirection="column">
          <QrCode lines={phoneQr} colour={colour} />
          <Text>Phone or tablet camera</Text>
        </Box>
      ) : null}
      <Box flexDirection="column" width={textWidth}>
        <Text wrap="truncate-end">{`Pairing code for “${name}” (${role})`}</Text>
        <Text> </Text>
        {big ? <BigCode code={code} /> : null}
        {big ? <Text> </Text> : null}
        <Text>
          {'Code     '}
          <Text bold>{code}</Text>
        </Text>
        {state === 'expired' ? (
          <Text color={red}>{'Expires  expired — press n for a new code'}</Text>
        ) : state === 'paired' ? (
          <Text>
            {'Status   '}
            <Text bold color={green}>
              Paired
            </Text>
          </Text>
        ) : (
          <Text>{`Expires  in ${remaining}`}</Text>
        )}
        <Text> </Text>
        {state === 'paired' ? (
          <Text bold color={green} wrap="truncate-end">{`✓ Paired: ${name}`}</Text>
        ) : state === 'waiting' ? (
          <Text wrap="truncate-end">{`Waiting for “${name}” to pair…`}</Text>
        ) : (
          <Text wrap="truncate-end">Not paired.</Text>
        )}
        <Text> </Text>
        <Text wrap="wrap">
          {board
            ? state === 'paired'
              ? 'The board has its token and shows the floor now.'
              : 'On the TV, open the address below in its browser: it pairs by itself (or open /board there and type the code). Single use.'
            : state === 'paired'
              ? 'The station has its token and can scan now.'
              : 'On the station, open the address below in its browser and type the code, or scan a QR code: with its camera (phone, tablet) or the station app. Single use.'}
        </Text>
        {state === 'paired' ? null : (
          <>
            <Text> </Text>
            <Text wrap="wrap">{`Open     ${pairUrl}`}</Text>
          </>
        )}
        {qr || state === 'paired' ? null : <Text wrap="truncate-end">{`QR: ${qrText}`}</Text>}
      </Box>
    </Box>
  );
}
