/** The hardware test label, encoded at build time (scripts/web/test-label-plugin.ts). */
declare module 'virtual:test-label' {
  export const TEXT: string;
  /** Bar and space widths in modules, starting with a bar; `modules` is their sum. */
  export const CODE128: { bars: number[]; modules: number };
  /** `size` modules per side; `dark` is row-major, '1' for a dark module. */
  export const QR: { size: number; dark: string };
}
