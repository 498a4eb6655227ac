import type { CreateToasterReturn } from '@chakra-ui/react';

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let store: Promise<CreateToasterReturn> | undefined;
const loadStore = () => (store ??= import('./toaster-real').then((module) => module.toaster));

let asked = 0;
const listeners = new Set<() => void>();

/**
 * The app's one toaster: `toaster.create({ type: 'success', title: '...' })` from anywhere. Chakra's store (and the
 * toast state machine) is downloaded with the first toast, not with every page; the toast shows as soon as it is
 * there. `subscribe` / `getVisibleToasts` tell the mount point (toaster.tsx) that a toast was asked for.
 */
export const toaster = {
  create(options: ToastOptions): void {
    asked += 1;
    void loadStore().then((real) => real.create(options));
    for (const listener of listeners) listener();
  },
  getVisibleToasts(): readonly unknown[] {
    return Array.from({ length: asked });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
