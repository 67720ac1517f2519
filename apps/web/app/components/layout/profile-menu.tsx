import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { FrameUser } from '~/.server/frame-user';
import { Link } from '@remix-run/react';
import { useRef } from 'react';
import { useUnreadCount } from './live-messages';
import { forgetThisPhone } from '~/offline/saved-pages';
import { Icon } from '~/components/ui/icon';
import { useHydrated } from '~/utils/use-hydrated';

const itemClass =
  'flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`bg-brand-700 grid min-w-5 place-items-center rounded-full px-1.5 text-[11px] leading-5 font-bold text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** What the menu's button shows: initials (with the unread count) and, on a laptop, the name. */
function TriggerFace({ user, unread }: { user: FrameUser; unread: number }) {
  return (
    <>
      {/* The initials are drawn (generated content), not text: the button's visible text on a
          phone stays part of its name, as the accessible name rule wants. */}
      <span
        aria-hidden="true"
        data-initials={initials(user.name) || '?'}
        className="bg-brand-700 grid h-8 w-8 place-items-center rounded-full text-xs font-bold text-white before:content-[attr(data-initials)]"
      />
      {unread > 0 ? (
        <UnreadBadge count={unread} className="absolute -top-1 left-6 ring-2 ring-white" />
      ) : null}
      <span className="hidden max-w-32 truncate sm:inline">{user.name}</span>
      <Icon name="chevronDown" className="h-4 w-4 text-slate-500" />
    </>
  );
}

const triggerClass =
  'relative flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100';

/**
 * The signed-in user's menu, in the customer's order; Admin Panel for admins only.
 *
 * The server and the first render in the browser draw only its button, as Radix draws it closed:
 * a menu cannot open before the page's script runs anyway, and Radix's providers were the
 * largest part of what a signed-in frame costs to render on every request (decision 049).
 * Once the page is live the real menu takes the button's place.
 */
export function ProfileMenu({ user }: { user: FrameUser }) {
  const signOutForm = useRef<HTMLFormElement>(null);
  const live = useHydrated();
  const unread = useUnreadCount(user.emailVerified) ?? 0;
  const unreadWords = unread === 1 ? '1 unread message' : `${unread} unread messages`;
  const label = `Profile menu for ${user.name}${unread > 0 ? `, ${unreadWords}` : ''}`;
  if (!live) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded="false"
        data-state="closed"
        className={triggerClass}
      >
        <TriggerFace user={user} unread={unread} />
      </button>
    );
  }
  const links = [
    { to: '/account-settings', label: 'Account Settings' },
    { to: '/my-listings', label: 'My Listings' },
    { to: '/my-bookings', label: 'My Bookings' },
    { to: '/messages', label: 'Messages' },
    ...(user.isAdmin ? [{ to: '/admin', label: 'Admin Panel' }] : []),
  ];
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClass}>
        <TriggerFace user={user} unread={unread} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-slate-600">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={itemClass}>
              <Link
                to={link.to}
                aria-label={
                  link.to === '/messages' && unread > 0
                    ? `${link.label}, ${unreadWords}`
                    : undefined
                }
              >
                {link.label}
                {link.to === '/messages' && unread > 0 ? (
                  <UnreadBadge count={unread} className="ml-auto" />
                ) : null}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              // Everything saved for game day leaves the phone with the person (decision 042);
              // the server's answer clears it too, for a browser that ignores that header.
              void forgetThisPhone().finally(() => signOutForm.current?.requestSubmit());
            }}
          >
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
      {/* The menu item submits this form, so signing out is a POST like everywhere else. A plain
          form: signing out loads the home page afresh, and the frame of every page skips the
          route matching a Remix <Form> does to resolve its action. */}
      <form ref={signOutForm} method="post" action="/logout" hidden />
    </DropdownMenu.Root>
  );
}
