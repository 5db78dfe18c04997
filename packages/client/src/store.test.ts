import { describe, expect, it, vi } from 'vitest';
import { createStore, storageSlot } from './store';

describe('createStore', () => {
  it('saves and tells its listeners on each change, unless told not to', () => {
    const save = vi.fn();
    const store = createStore({ count: 0 }, save);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ count: 1 });
    expect(save).toHaveBeenLastCalledWith({ count: 1 });
    expect(listener).toHaveBeenCalledTimes(1);
    store.set({ count: 2 }, { persist: false, notify: false });
    expect(store.getState()).toEqual({ count: 2 });
    expect(save).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set({ count: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('storageSlot', () => {
  it('reads, writes and removes its key', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as Storage;
    const slot = storageSlot(storage, 'k');
    expect(slot.read()).toBeNull();
    slot.write('v');
    expect(items.get('k')).toBe('v');
    expect(slot.read()).toBe('v');
    slot.write(null);
    expect(items.has('k')).toBe(false);
  });

  it('never throws: a refused storage reads as empty and forgets what is written', () => {
    const refuse = () => {
      throw new Error('SecurityError');
    };
    const slot = storageSlot({ getItem: refuse, setItem: refuse, removeItem: refuse } as unknown as Storage, 'k');
    expect(slot.read()).toBeNull();
    expect(() => slot.write('v')).not.toThrow();
    expect(storageSlot(null, 'k').read()).toBeNull();
  });
});
