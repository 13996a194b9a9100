import { createStore } from 'jotai';

/** The shell's jotai store. Module-level actions (navigate, toast, auth) write to it directly. */
export const shellStore = createStore();
