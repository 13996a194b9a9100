import { atom } from 'jotai';

/** Theme preference kept under 'vite-ui-theme': system (default) follows the OS; light/dark is a root class. */
export type Theme = 'system' | 'light' | 'dark';
const THEME_STORAGE_KEY = 'vite-ui-theme';

function isTheme(value: unknown): value is Theme {
  return value === 'system' || value === 'light' || value === 'dark';
}

function readTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function applyTheme(theme: Theme): void {
  const root = window.document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme === 'system' ? (prefersDark() ? 'dark' : 'light') : theme);
}

const themeStateAtom = atom<Theme>(typeof window === 'undefined' ? 'system' : readTheme());

export const themeAtom = atom(
  (get) => get(themeStateAtom),
  (_get, set, theme: Theme) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch {
      // Storage may be unavailable (private mode); the choice still applies to this page.
    }
    set(themeStateAtom, theme);
    applyTheme(theme);
  },
);

/** Applies the stored theme and follows OS changes while the preference is 'system'. */
export function watchSystemTheme(getTheme: () => Theme): () => void {
  applyTheme(getTheme());
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (getTheme() === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
