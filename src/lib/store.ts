/**
 * The one listener/publish pattern of the app: a value with subscribers (`createStore`) and a bare
 * "something happened" signal (`createEmitter`). Shaped for React's useSyncExternalStore:
 * `useSyncExternalStore(store.subscribe, store.get)`.
 *
 * - `set` publishes only when the value changes (Object.is), so a subscriber never re-renders for
 *   nothing; `update` derives the next value from the current one.
 * - Listeners run synchronously in subscription order; `subscribe` answers the unsubscribe.
 * - No React and no DOM here: the stores also run in the service worker and in tests.
 */

export type Listener = () => void;

export type Emitter = {
  /** Calls every listener now. */
  emit(): void;
  subscribe(listener: Listener): () => void;
};

export type Store<T> = {
  get(): T;
  set(value: T): void;
  update(change: (current: T) => T): void;
  subscribe(listener: Listener): () => void;
};

export function createEmitter(): Emitter {
  const listeners = new Set<Listener>();
  return {
    emit() {
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const changed = createEmitter();
  const store: Store<T> = {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      changed.emit();
    },
    update(change) {
      store.set(change(value));
    },
    subscribe: changed.subscribe,
  };
  return store;
}
