import { explainStandaloneRemote } from '@buildbid/ui';

// Opened on its own, this remote only explains itself: its UI renders inside the shell.
explainStandaloneRemote('projects');
