import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLocal, writeLocal } from './storage.ts';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('storage', () => {
  it('reads back what it wrote, and undefined removes the key', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(readLocal('__proto__')).toBeUndefined();
    expect(writeLocal('__proto__', 'x')).toBe(true);
    expect(readLocal('__proto__')).toBe('x');
    expect(writeLocal('__proto__', undefined)).toBe(true);
    expect(readLocal('__proto__')).toBeUndefined();
  });

  it('is best effort when storage refuses (disabled or full)', () => {
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    vi.stubGlobal('localStorage', refusing);
    expect(readLocal('k')).toBeUndefined();
    expect(writeLocal('k', 'v')).toBe(false);
  });
});
