/**
 * What the remotes' forms and dialogs share: the values of a form's text fields with the errors shown
 * under them (or the binding of a form's own state), a submit that waits and reports its failure, and
 * closing a dialog.
 */
import type { RemoteProps } from '@buildbid/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportFailure } from './notify.ts';

type Errors<F> = Partial<Record<keyof F, string>>;

/**
 * A form's text values and the error under each field. `field(name)` binds a TextInput, TextAreaInput or
 * SelectInput (its name, value, onChange and error). Typing in a field clears its own error; with
 * `clearAllErrors`, every error (a form whose errors come together from one submit).
 */
export function useFields<F extends { [K in keyof F]: string }>(
  initial: F | (() => F),
  { clearAllErrors = false }: { clearAllErrors?: boolean } = {},
) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Errors<F>>({});

  const set = useCallback(
    <K extends keyof F>(name: K, value: F[K]) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => (clearAllErrors ? {} : { ...e, [name]: undefined }));
    },
    [clearAllErrors],
  );
  /** Starts over: these values, no errors. */
  const reset = useCallback((next: F) => {
    setValues(next);
    setErrors({});
  }, []);

  return {
    values,
    errors,
    set,
    setErrors,
    reset,
    field<K extends keyof F & string>(name: K) {
      return {
        name,
        value: values[name],
        onChange: (value: string) => set(name, value as F[K]),
        error: errors[name],
      };
    },
  };
}

type TextKeys<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * Binds the text fields of a form kept as one object with a patch setter (one that also holds lists,
 * numbers or flags): `field('title')` gives a TextInput, TextAreaInput or SelectInput its name, its value
 * in `form`, the change (`set({ title })`) and its error in `errors`.
 */
export function fieldsOf<F>(
  form: F,
  set: (patch: Partial<F>) => void,
  errors: Partial<Record<string, string>> = {},
) {
  return <K extends TextKeys<F>>(name: K) => ({
    name,
    value: form[name] as string,
    onChange: (value: string) => set({ [name]: value } as Partial<F>),
    error: errors[name],
  });
}

/**
 * The spec's failure report (reportFailure: 401 → 'Unauthorized', then the login after 500 ms; else
 * 'Error') from a component: the redirect is cancelled when the component goes away first.
 */
export function useReportFailure(shell: Pick<RemoteProps, 'toast' | 'navigate'>) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (error: unknown, options?: Parameters<typeof reportFailure>[2]) => {
    timer.current = reportFailure(error, shell, options) ?? timer.current;
  };
}

/**
 * A submit that waits (`pending`) and reports its failure as useReportFailure does: `run(work)` answers
 * whether the work succeeded; while one runs, another does nothing (false).
 */
export function useSubmit(shell: Pick<RemoteProps, 'toast' | 'navigate'>) {
  const [pending, setPending] = useState(false);
  const report = useReportFailure(shell);
  async function run(work: () => Promise<unknown>): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    try {
      await work();
      return true;
    } catch (failure) {
      report(failure);
      return false;
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}

/** A dialog's onOpenChange that runs `onClose` when it closes: `whenClosed(() => setEditing(null))`. */
export function whenClosed(onClose: () => void): (open: boolean) => void {
  return (open) => {
    if (!open) onClose();
  };
}
