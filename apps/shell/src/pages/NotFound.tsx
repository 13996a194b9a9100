import { Link } from 'react-aria-components';

export function NotFoundPage() {
  return (
    <main id="main" className="container page not-found">
      <div className="card not-found-card">
        <h1 className="page-title">404 Page Not Found</h1>
        <p className="muted">
          The page you were looking for isn't here. It may have moved, or the link may be wrong.
        </p>
        <Link href="/" className="btn btn-primary">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
