import type { Code128Symbol } from './barcode-symbols.js';

// Code 128 (ISO/IEC 15417) for documents that print many distinct barcodes at once (a delivery
// note of 1,000 pieces): the shortest mix of code sets B and C, computed directly. bwip-js runs
// the whole of BWIPP's PostScript for each symbol, which was a third of a long note's time.
// Printable ASCII only (what barcodes are made of): for anything else it answers null, and the
// caller asks bwip-js (encodeCode128), which this module does not load.

/** Each symbol value's widths, bar first: 0–102 data, 103–105 Start A/B/C, 106 Stop. */
const PATTERNS: readonly string[] = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];

const START_B = 104;
const START_C = 105;
const CODE_C = 99;
const CODE_B = 100;
const STOP = 106;

const isDigit = (code: number) => code >= 48 && code <= 57;

/** The symbol values (start and data, no check or stop) of printable `data`, fewest of them. */
function values(data: string): number[] | null {
  const n = data.length;
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const code = data.charCodeAt(i);
    if (code < 32 || code > 126) return null;
    codes.push(code);
  }
  // cost[s][i]: the fewest values that encode data[i…] when set s (0 B, 1 C) is current.
  const cost = [new Array<number>(n + 1).fill(0), new Array<number>(n + 1).fill(0)];
  for (let i = n - 1; i >= 0; i--) {
    const pair = i + 1 < n && isDigit(codes[i]!) && isDigit(codes[i + 1]!);
    const inB = 1 + cost[0]![i + 1]!;
    const inC = pair ? 1 + cost[1]![i + 2]! : Infinity;
    cost[0]![i] = Math.min(inB, 1 + inC);
    cost[1]![i] = Math.min(inC, 1 + inB);
  }
  const out: number[] = [];
  let set = n >= 2 && cost[1]![0]! < cost[0]![0]! ? 1 : 0;
  out.push(set === 1 ? START_C : START_B);
  for (let i = 0; i < n;) {
    const pair = i + 1 < n && isDigit(codes[i]!) && isDigit(codes[i + 1]!);
    const stayB = 1 + cost[0]![i + 1]!;
    const stayC = pair ? 1 + cost[1]![i + 2]! : Infinity;
    const want = set === 0 ? (stayB <= 1 + stayC ? 0 : 1) : stayC <= 1 + stayB ? 1 : 0;
    if (want !== set) {
      out.push(want === 1 ? CODE_C : CODE_B);
      set = want;
    }
    if (set === 1) {
      out.push((codes[i]! - 48) * 10 + (codes[i + 1]! - 48));
      i += 2;
    } else {
      out.push(codes[i]! - 32);
      i += 1;
    }
  }
  return out;
}

/**
 * The Code 128 symbol of `data`: bar and space widths in modules, as `encodeCode128` gives them
 * (the same width: both take the fewest symbol values); null when `data` is empty or not
 * printable ASCII.
 */
export function fastCode128(data: string): Code128Symbol | null {
  const vals = values(data);
  if (vals === null || data.length === 0) return null;
  let check = vals[0]!;
  for (let i = 1; i < vals.length; i++) check += i * vals[i]!;
  vals.push(check % 103, STOP);
  const bars: number[] = [];
  let modules = 0;
  for (const value of vals) {
    const pattern = PATTERNS[value]!;
    for (let k = 0; k < pattern.length; k++) {
      const width = pattern.charCodeAt(k) - 48;
      bars.push(width);
      modules += width;
    }
  }
  return { data, bars, modules };
}
