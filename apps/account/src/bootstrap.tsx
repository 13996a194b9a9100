/**
 * Opened on its own (its dev server or dist/index.html), this remote only explains itself: its UI
 * needs the props the shell provides. Open the shell (http://localhost:3010 in dev) instead.
 */
const root = document.getElementById('root');
if (root) {
  root.innerHTML =
    '<main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">' +
    '<h1>BuildBid account remote</h1>' +
    '<p>This micro-frontend exposes <code>account/App</code> through <code>mf-manifest.json</code>. ' +
    'It renders inside the BuildBid shell; open the shell to use it.</p></main>';
}

export {};
