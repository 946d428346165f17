import { useSyncExternalStore } from 'react';

/**
 * One JSON value kept in a browser storage under one key, with change notifications (this tab's
 * writes and other tabs'). Session tokens of staff and retailer users live in sessionStorage (the
 * tab's session; DESIGN §12); a station's token in localStorage (the device, across reboots).
 */
export interface StoredValue<T> {
  get(): T | null;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

export function storedValue<T>(storage: () => Storage, key: string): StoredValue<T> {
  const listeners = new Set<() => void>();
  // Parsed once per raw string: useSyncExternalStore needs the same object until it changes.
  let cache: { raw: string | null; value: T | null } = { raw: null, value: null };

  const notify = () => listeners.forEach((l) => l());
  const read = (): T | null => {
    let raw: string | null;
    try {
      raw = storage().getItem(key);
    } catch {
      return null; // storage disabled: behave as empty
    }
    if (raw !== cache.raw) {
      let value: T | null = null;
      try {
        value = raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        value = null;
      }
      cache = { raw, value };
    }
    return cache.value;
  };

  return {
    get: read,
    set(value) {
      storage().setItem(key, JSON.stringify(value));
      notify();
    },
    clear() {
      try {
        storage().removeItem(key);
      } catch {
        // nothing stored
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The value, re-rendering whenever it changes. */
export function useStoredValue<T>(slot: StoredValue<T>): T | null {
  return useSyncExternalStore(slot.subscribe, slot.get, () => null);
}
