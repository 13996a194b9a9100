/** The loading indicator: a status region labelled 'Loading'. */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      className={fullPage ? 'spinner-wrap spinner-full' : 'spinner-wrap'}
      role="status"
      aria-label="Loading"
    >
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
