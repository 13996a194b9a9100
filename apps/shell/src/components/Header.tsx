import { type ApiUser, ROLE_LABELS, type SelfServiceRole } from '@buildbid/api-client';
import { COUNTRIES } from '@buildbid/domain/catalog';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  Heading,
  type Key,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Menu,
  Header as MenuHeader,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
  Select,
  SelectValue,
  Separator,
} from 'react-aria-components';
import { countryChoiceAtom, countryFilterAtom, loadUser, signOut } from '../auth.ts';
import { openMessages } from '../messaging/chat.tsx';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { realtime } from '../realtime/socket.ts';
import { locationAtom, navigate } from '../router.ts';
import { type Theme, themeAtom } from '../theme.ts';
import { toast } from '../toast.tsx';
import { Logo } from './Logo.tsx';

const ALL_COUNTRIES = 'all';

interface NavItem {
  href: string;
  label: string;
}

/** Navigation filtered by role (accounts-and-shell sections 2 and 6). */
/** 'a Client', 'an Admin'. */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

export function navItemsFor(role: ApiUser['role']): NavItem[] {
  const items: NavItem[] = [];
  if (role === 'client') items.push({ href: '/', label: 'My Projects' });
  // Every role gets Projects (admins too, accounts-and-shell section 3).
  items.push({ href: '/projects', label: 'Projects' });
  if (role === 'contractor') items.push({ href: '/my-bids', label: 'My Bids' });
  if (role === 'contractor' || role === 'vendor')
    items.push({ href: '/saved-projects', label: 'Saved Projects' });
  // Every signed-in role saves searches on Browse (decision 0198: reachable from the header and the sheet too).
  items.push({ href: '/saved-searches', label: 'Saved Searches' });
  if (role === 'admin') items.push({ href: '/admin', label: 'Admin' });
  return items;
}

function isCurrent(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

function CountryFilter({ id }: { id?: string } = {}) {
  const country = useAtomValue(countryFilterAtom);
  const setChoice = useSetAtom(countryChoiceAtom);
  return (
    <Select
      id={id}
      className="country-filter"
      value={country === '' ? ALL_COUNTRIES : country}
      onChange={(key: Key | null) => {
        if (key === null) return;
        setChoice(key === ALL_COUNTRIES ? '' : String(key));
      }}
    >
      <Label className="sr-only">Country</Label>
      <Button className="select-button select-compact">
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <ListBox className="listbox">
          <ListBoxItem id={ALL_COUNTRIES} className="listbox-item" textValue="All Countries">
            All Countries
          </ListBoxItem>
          {COUNTRIES.map((c) => (
            <ListBoxItem key={c.code} id={c.code} className="listbox-item" textValue={`${c.code} ${c.name}`}>
              <span aria-hidden="true">{c.flag}</span> {c.code}
              <span className="sr-only"> {c.name}</span>
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** A menu section's items, one per entry: its id is the key `onAction` and the selection see. */
function menuItems(entries: ReadonlyArray<{ id: string; label: string }>, className = 'menu-item') {
  return entries.map((entry) => (
    <MenuItem key={entry.id} id={entry.id} className={className}>
      {entry.label}
    </MenuItem>
  ));
}

const SWITCHABLE: SelfServiceRole[] = ['client', 'contractor', 'vendor'];

function SwitchRolesMenu({ user }: { user: ApiUser }) {
  return (
    <MenuTrigger>
      <Button className="btn btn-ghost hide-sm">Switch Roles</Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          onAction={(key) => navigate(`/switch-role?role=${encodeURIComponent(String(key))}`)}
          disabledKeys={[user.role]}
        >
          <MenuSection>
            <MenuHeader className="menu-header">You are {withArticle(ROLE_LABELS[user.role])}</MenuHeader>
            {menuItems(SWITCHABLE.map((role) => ({ id: role, label: ROLE_LABELS[role] })))}
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

const THEMES: Array<{ id: Theme; label: string }> = [
  { id: 'system', label: 'System theme' },
  { id: 'light', label: 'Light theme' },
  { id: 'dark', label: 'Dark theme' },
];

function initials(user: ApiUser): string {
  const source = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name || user.email;
  return (
    source
      .split(/\s+/)
      .map((part) => part[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

/** The user menu's pages, in its order (the theme items and Sign out follow). */
const USER_MENU_PAGES = [
  { id: 'profile', label: 'Profile', href: '/profile' },
  // Beside Profile in the menu and the sheet: personal access tokens (decision 0211).
  { id: 'developer', label: 'Developer', href: '/developer' },
  { id: 'switch-role', label: 'Switch Role', href: '/switch-role' },
  { id: 'upgrade', label: 'Upgrade', href: '/pricing' },
];

function UserMenu({ user }: { user: ApiUser }) {
  const [theme, setTheme] = useAtom(themeAtom);
  const display = user.name?.trim() || user.email;
  return (
    <MenuTrigger>
      <Button className="btn btn-ghost user-button">
        {user.profileImageUrl ? (
          <img className="avatar" src={user.profileImageUrl} alt="" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <span className="user-name">{display}</span>
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === 'signout') void signOut(toast);
            const page = USER_MENU_PAGES.find((p) => p.id === key);
            if (page) navigate(page.href);
          }}
        >
          <MenuSection>
            <MenuHeader className="menu-header">
              <span className="menu-header-name">{display}</span>
              <span className="menu-header-email">{user.email}</span>
            </MenuHeader>
            {menuItems(USER_MENU_PAGES)}
          </MenuSection>
          <Separator className="menu-separator" />
          <MenuSection
            selectionMode="single"
            selectedKeys={[theme]}
            onSelectionChange={(keys) => {
              const [next] = keys === 'all' ? [] : [...keys];
              if (next) setTheme(next as Theme);
            }}
          >
            <MenuHeader className="menu-header">Theme</MenuHeader>
            {menuItems(THEMES, 'menu-item menu-item-check')}
          </MenuSection>
          <Separator className="menu-separator" />
          <MenuItem id="signout" className="menu-item">
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The mobile side sheet (accounts-and-shell: "A mobile side sheet repeats these items"; decision 0123): a
 * react-aria modal dialog opened by the labelled menu button shown under 768 px. It holds the role's
 * navigation, the country filter, Switch Role, Profile, Developer, Upgrade and Sign out. Focus stays inside
 * while it is open, Escape closes it, and so does any navigation.
 */
export function MobileSheet({ user, path }: { user: ApiUser; path: string }) {
  const [open, setOpen] = useState(false);
  // Close on navigation (a link inside, the back button, or anything else that changes the path).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setOpen(false), [path]);
  const go = (href: string) => {
    setOpen(false);
    navigate(href);
  };
  const display = user.name?.trim() || user.email;
  return (
    <>
      <Button
        className="btn btn-ghost menu-button show-mobile"
        aria-label="Open menu"
        onPress={() => setOpen(true)}
      >
        <span aria-hidden="true">☰</span>
      </Button>
      <ModalOverlay className="sheet-overlay" isDismissable isOpen={open} onOpenChange={setOpen}>
        <Modal className="sheet">
          <Dialog className="sheet-dialog" aria-labelledby="sheet-title">
            <div className="sheet-head">
              <Heading slot="title" id="sheet-title" className="sheet-title">
                Menu
              </Heading>
              <Button className="btn btn-ghost" aria-label="Close menu" onPress={() => setOpen(false)}>
                <span aria-hidden="true">✕</span>
              </Button>
            </div>
            <p className="muted small sheet-user">{display}</p>
            <nav aria-label="Mobile" className="sheet-nav">
              {navItemsFor(user.role).map((item) => (
                <Link
                  key={item.href + item.label}
                  href={item.href}
                  className="sheet-link"
                  aria-current={isCurrent(item.href, path) ? 'page' : undefined}
                  onPress={() => setOpen(false)}
                >
                  {item.label}
                </Link>
              ))}
              {user.role === 'client' && (
                <Link href="/post-project" className="sheet-link" onPress={() => setOpen(false)}>
                  Post Project
                </Link>
              )}
            </nav>
            <div className="sheet-country">
              <span className="small muted">Country</span>
              <CountryFilter />
            </div>
            <div className="sheet-actions">
              <Button className="sheet-link" onPress={() => go('/switch-role')}>
                Switch Role
              </Button>
              <Button className="sheet-link" onPress={() => go('/profile')}>
                Profile
              </Button>
              <Button className="sheet-link" onPress={() => go('/developer')}>
                Developer
              </Button>
              <Button className="sheet-link" onPress={() => go('/pricing')}>
                Upgrade
              </Button>
              <Button
                className="sheet-link"
                onPress={() => {
                  setOpen(false);
                  void signOut(toast);
                }}
              >
                Sign out
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

/** The bell met a 401: the session ended (elsewhere, or expired), so the shell asks who is signed in. */
const reloadSession = () => void loadUser();

/** The signed-in header. */
export function Header({ user }: { user: ApiUser }) {
  const { path } = useAtomValue(locationAtom);
  const items = navItemsFor(user.role);
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <MobileSheet user={user} path={path} />
        <Logo />
        <nav className="main-nav" aria-label="Main">
          {items.map((item) => (
            <Link
              key={item.href + item.label}
              href={item.href}
              className="nav-link"
              aria-current={isCurrent(item.href, path) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="topbar-actions">
          <span className="hide-mobile">
            <CountryFilter />
          </span>
          <SwitchRolesMenu user={user} />
          {user.role === 'client' && (
            <Link href="/post-project" className="btn btn-primary">
              Post Project
            </Link>
          )}
          <NotificationBell
            realtime={realtime}
            toast={toast}
            openMessages={openMessages}
            navigate={navigate}
            onSignedOut={reloadSession}
          />
          <span className="hide-mobile">
            <UserMenu user={user} />
          </span>
        </div>
      </div>
    </header>
  );
}
