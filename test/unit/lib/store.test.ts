import { describe, expect, it, vi } from 'vitest';
import { createEmitter, createStore } from '../../../src/lib/store';

describe('createStore', () => {
  it('publishes a change once to every subscriber, and nothing when the value stays', () => {
    const store = createStore(1);
    const first = vi.fn();
    const second = vi.fn();
    store.subscribe(first);
    const stop = store.subscribe(second);
    store.set(2);
    store.set(2);
    store.update((value) => value + 1);
    expect(store.get()).toBe(3);
    expect(first).toHaveBeenCalledTimes(2);
    stop();
    store.set(4);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('lets a listener unsubscribe while being called', () => {
    const emitter = createEmitter();
    const calls: string[] = [];
    const stopA = emitter.subscribe(() => {
      calls.push('a');
      stopA();
    });
    emitter.subscribe(() => calls.push('b'));
    emitter.emit();
    emitter.emit();
    expect(calls).toEqual(['a', 'b', 'b']);
  });
});
