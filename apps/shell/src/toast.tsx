import type { ToastInput } from '@buildbid/api-client';
import { atom, useAtomValue } from 'jotai';
import { Button } from 'react-aria-components';
import { shellStore } from './store.ts';

/** Toasts: at most one visible, shown for 5000 ms (accounts-and-shell section 9). */
const TOAST_DURATION_MS = 5000;

interface ActiveToast extends ToastInput {
  id: number;
}

const toastAtom = atom<ActiveToast | null>(null);
let lastId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function dismissToast(): void {
  clearTimeout(timer);
  shellStore.set(toastAtom, null);
}

/** Shows a toast, replacing the visible one. Remotes reach this through props.toast. */
export function toast(input: ToastInput): void {
  lastId += 1;
  const id = lastId;
  clearTimeout(timer);
  shellStore.set(toastAtom, { ...input, id });
  timer = setTimeout(() => {
    if (shellStore.get(toastAtom)?.id === id) shellStore.set(toastAtom, null);
  }, TOAST_DURATION_MS);
}

export function Toaster() {
  const current = useAtomValue(toastAtom);
  return (
    <section className="toast-region" aria-label="Notifications">
      <div aria-live="polite" aria-atomic="true">
        {current && (
          <div
            key={current.id}
            className={`toast ${current.variant === 'destructive' ? 'toast-destructive' : ''}`}
            role={current.variant === 'destructive' ? 'alert' : 'status'}
          >
            <div className="toast-body">
              <p className="toast-title">{current.title}</p>
              {current.description && <p className="toast-description">{current.description}</p>}
            </div>
            <Button className="toast-close" aria-label="Dismiss notification" onPress={dismissToast}>
              ×
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
