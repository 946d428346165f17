import { verifyAuditChain } from '../../core/audit/audit-log.js';
import { openDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

/**
 * `factoryd audit verify`: walks the audit trail's hash chain on the box. Exit 0 when it holds
 * (the row count and the head hash on stdout), 1 naming the first broken row.
 */
export async function verifyAudit(opts: { dataDir?: string; json?: boolean }, io: DaemonIO) {
  const opened = await openDataDir(opts.dataDir, io);
  try {
    const verdict = await verifyAuditChain(opened.core);
    if (opts.json) io.stdout.write(`${JSON.stringify(verdict)}\n`);
    if (verdict.ok) {
      if (!opts.json) io.stdout.write(`ok: ${verdict.rows} rows, head ${verdict.head ?? '-'}\n`);
      return 0;
    }
    io.stderr.write(`factoryd: ${verdict.message}\n`);
    return 1;
  } finally {
    await opened.store.close();
  }
}
