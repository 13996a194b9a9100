import { Link } from 'react-aria-components';
import { Logo } from './Logo.tsx';

/** The signed-out top bar: Log In and Get Started, both to /signin. */
export function VisitorTopBar() {
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <Logo />
        <nav className="topbar-actions" aria-label="Account">
          <Link href="/pricing" className="btn btn-ghost hide-sm">
            Pricing
          </Link>
          <Link href="/signin" className="btn btn-ghost">
            Log In
          </Link>
          <Link href="/signin" className="btn btn-primary">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
