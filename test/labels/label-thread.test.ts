// The label thread: renders what this thread would, ends when idle and comes back when asked,
// and a render that fails or a stop fails only what it must.
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { labelThread, type LabelRenderer } from '../../src/labels/label-renderer.js';
import { testLabel, type Label } from '../../src/labels/label.model.js';
import { renderLabels } from '../../src/labels/render-labels.js';
import { decodePdf, pdfPageCount } from './decode.js';
import { pieceLabel } from './fixtures/piece-labels.js';

const ENTRY = new URL('../../src/labels/label.worker.ts', import.meta.url);

let thread: LabelRenderer | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

/** Waits, with a deadline, until `ok()` holds. */
async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the label thread', () => {
  it('renders the same documents as this thread, several at once', async () => {
    thread = labelThread(ENTRY);
    expect(thread.threadRunning).toBe(false);
    const labels: Label[] = [testLabel(), pieceLabel(), pieceLabel({ barcode: 'ACME 0000043' })];
    const [zpl, pdf] = await Promise.all([
      thread.render(labels, 'zpl', 203),
      thread.render(labels, 'pdf', 300),
    ]);
    expect(thread.threadRunning).toBe(true);

    const here = await renderLabels(labels, 'zpl', 203);
    expect(zpl).toEqual(here);
    expect(pdf).toMatchObject({ contentType: 'application/pdf', extension: 'pdf', count: 3 });
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf.body)).toBe(3);
    // Read back by a real decoder, as a printer would print them.
    expect(decodePdf(pdf.body, 300).map((page) => page.code128[0])).toEqual([
      TEST_LABEL_STRING,
      pieceLabel().barcode,
      'ACME 0000043',
    ]);
  });

  it('ends when no label is asked for, and starts again with the next', async () => {
    thread = labelThread(ENTRY, 200);
    await thread.render([testLabel()], 'zpl', 203);
    expect(thread.threadRunning).toBe(true);
    await until(() => !thread!.threadRunning, 'the idle thread ends');
    const again = await thread.render([pieceLabel()], 'zpl', 203);
    expect(again.count).toBe(1);
    expect(thread.threadRunning).toBe(true);
  });

  it('fails a render that cannot be done, and goes on with the next', async () => {
    thread = labelThread(ENTRY);
    const broken = { kind: 'piece' } as unknown as Label;
    await expect(thread.render([broken], 'pdf', 203)).rejects.toThrow(/rendering labels failed/);
    expect((await thread.render([testLabel()], 'zpl', 300)).count).toBe(1);
  });

  it('on close, fails the renders still in it and refuses new ones', async () => {
    thread = labelThread(ENTRY);
    const many = Array.from({ length: 200 }, (_, i) =>
      pieceLabel({ barcode: `ACME ${String(i).padStart(7, '0')}` }),
    );
    const failed = expect(thread.render(many, 'pdf', 300)).rejects.toThrow(/stopping/);
    await thread.close();
    await failed;
    await expect(thread.render([testLabel()], 'zpl', 203)).rejects.toThrow(/closed/);
    expect(thread.threadRunning).toBe(false);
  });
});
