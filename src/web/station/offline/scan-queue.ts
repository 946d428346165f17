/** A scan kept on the device until the server has recorded it. */
export interface QueuedScan {
  /** Order of arrival on this device (IndexedDB key). */
  seq?: number;
  station_id: string;
  client_scan_id: string;
  barcode: string;
  location: string | null;
  /** When the scanner read it, sent as `scanned_at`. */
  scanned_at: string;
}

/** Where scans wait: IndexedDB in the browser (survives reloads, crashes and reboots). */
export interface ScanQueue {
  /**
   * Appends a scan and returns it with its `seq`. The write survives the browser closing; `flush`
   * makes it survive a power cut too.
   */
  add(scan: QueuedScan): Promise<QueuedScan>;
  /** Returns once everything added is on disk (before a scan is shown as kept on the device). */
  flush(): Promise<void>;
  /** The station's scans, oldest first. */
  list(stationId: string): Promise<QueuedScan[]>;
  /** Scans of other (revoked) stations, oldest first: they can no longer be sent. */
  others(stationId: string): Promise<QueuedScan[]>;
  remove(seq: number): Promise<void>;
}

const DB_NAME = 'factoryd-station';
const STORE = 'scans';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * The IndexedDB queue. A scan is added with relaxed durability — handed to the operating system,
 * so it survives the browser or the tab dying — which keeps a scan's way to the server short;
 * `flush` commits with strict durability (to disk) when scans start to wait on the device.
 */
export async function openScanQueue(): Promise<ScanQueue> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
  };
  const db = await done(open);

  async function all(): Promise<QueuedScan[]> {
    const tx = db.transaction(STORE, 'readonly');
    return done(tx.objectStore(STORE).getAll() as IDBRequest<QueuedScan[]>);
  }

  return {
    async add(scan) {
      const tx = db.transaction(STORE, 'readwrite', { durability: 'relaxed' });
      const seq = await done(tx.objectStore(STORE).add(scan));
      await committed(tx);
      return { ...scan, seq: seq as number };
    },
    async flush() {
      // A strict transaction is flushed to disk, and with it every one committed before it.
      const tx = db.transaction(STORE, 'readwrite', { durability: 'strict' });
      const store = tx.objectStore(STORE);
      const first = await done(store.openCursor());
      if (first) first.update(first.value);
      await committed(tx);
    },
    list: async (stationId) => (await all()).filter((s) => s.station_id === stationId),
    others: async (stationId) => (await all()).filter((s) => s.station_id !== stationId),
    async remove(seq) {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(seq);
      await committed(tx);
    },
  };
}
