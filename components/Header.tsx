import type { MemberRow } from "../db/queries/users.ts";
import { newShuffleSeed } from "../common/feed_rules.ts";
import type { AiTools } from "../common/ai_tools.ts";
import { Island } from "./Island.tsx";
import { PopoverDialog } from "./Popover.tsx";
import AccountMenu from "../islands/AccountMenu.tsx";
import UploadDialog from "../islands/UploadDialog.tsx";
import { canModerate } from "../common/roles.ts";
import NotificationBell from "../islands/NotificationBell.tsx";

export type HeaderProps = {
  user: MemberRow | null;
  siteName: string;
  tagline: string;
  /** The simplified variant drops search, Upload and Forum. */
  simple?: boolean;
  query?: string;
  /** Renders the Upload control for members (the upload dialog island). */
  uploadSlot?: React.ReactNode;
  /** The configured upload size limits, for the members' upload dialog. */
  uploadLimits?: { videoBytes: number; imageBytes: number };
  /** The Create dialog's list: built in, or the operator's `pages/tools.json`. */
  tools: AiTools;
  /** The logo link's fresh shuffle seed (lib/render/render.tsx renders the header once with a marker here). */
  homeSeed?: string;
  /** The page to come back to after signing in, URI-encoded (a marker in a kept header, like homeSeed). */
  returnTo?: string;
};

/** Display is left to each use, so `hidden sm:inline-flex` can work. */
const button = "items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors";

export function Header({ user, siteName, tagline, simple, query, uploadSlot, uploadLimits, tools, homeSeed, returnTo }: HeaderProps) {
  const next = returnTo ? `next=${returnTo}` : "";
  const login = { login: next ? `/auth?${next}` : "/auth", register: `/auth?tab=register${next ? `&${next}` : ""}` };
  const memberUpload = user && (uploadSlot ?? (uploadLimits && (
    <Island
      name="UploadDialog"
      component={UploadDialog}
      props={{ maxVideoBytes: uploadLimits.videoBytes, maxImageBytes: uploadLimits.imageBytes }}
    />
  )));
  return (
    <header className="sticky top-0 z-40 border-b border-neutral-800 bg-neutral-950/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-[1800px] items-center gap-3 px-3 sm:px-6">
        {/* Named by what it shows (an aria-label that leaves out the tagline fails WCAG 2.5.3), plus where it goes. */}
        <a href={`/?shuffleSeed=${homeSeed ?? newShuffleSeed()}`} className="flex shrink-0 items-center gap-2">
          {/* Low: a 1 KB logo must not compete with the page's largest image (and React then adds no preload for it). */}
          <img src="/static/favicon.svg" width={32} height={32} alt="" fetchPriority="low" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold tracking-tight">{siteName}</span>
            <span className="hidden text-xs text-neutral-400 sm:block">{tagline}</span>
            <span className="sr-only">(home)</span>
          </span>
        </a>
        {!simple && (
          <form action="/search" method="get" role="search" className="mx-auto hidden w-full max-w-xl md:block">
            <input
              type="search"
              name="q"
              defaultValue={query}
              required
              pattern=".*\S.*"
              maxLength={200}
              placeholder="Search videos, images, prompts…"
              aria-label="Search"
              className="w-full rounded-full border border-neutral-700 bg-neutral-900 px-4 py-2 text-sm placeholder:text-neutral-500 focus:border-orange-500 focus:outline-none"
            />
          </form>
        )}
        <nav className="ml-auto flex items-center gap-1 sm:gap-2">
          {!simple && (
            <a href="/search" className={`${button} inline-flex text-neutral-300 hover:bg-neutral-800 md:hidden`} aria-label="Search">
              <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-3.5-3.5" />
              </svg>
            </a>
          )}
          {!simple && (memberUpload ? memberUpload : (
            <button
              type="button"
              popoverTarget="login-required"
              data-login-action="upload"
              className={`${button} inline-flex bg-orange-500 text-black hover:bg-orange-400`}
            >
              Upload
            </button>
          ))}
          {!simple && <a href="/forum" className={`${button} hidden text-neutral-300 hover:bg-neutral-800 sm:inline-flex`}>Forum</a>}
          <button
            type="button"
            popoverTarget="create-dialog"
            className={`${button} hidden text-neutral-300 hover:bg-neutral-800 sm:inline-flex`}
          >
            Create
          </button>
          {user && <Island name="NotificationBell" component={NotificationBell} props={{}} />}
          {user
            ? (
              <Island
                name="AccountMenu"
                component={AccountMenu}
                // Moderators reach the admin area too (issue 41 point 4): its tabs are those of their role.
                props={{ username: user.username, isAdmin: canModerate(user.role), verifyEmail: !!user.email && !user.emailVerified }}
              />
            )
            : <GuestMenu {...login} />}
        </nav>
      </div>
      <CreateDialog tools={tools} />
      {!user && <LoginRequiredDialog {...login} />}
    </header>
  );
}

type AuthLinks = { login: string; register: string };

function GuestMenu({ login, register }: AuthLinks) {
  return (
    <>
      <button
        type="button"
        popoverTarget="guest-menu"
        aria-label="Account menu"
        className="flex h-9 w-9 items-center justify-center rounded-full bg-neutral-800 text-neutral-300 hover:bg-neutral-700"
      >
        <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
          <path d="M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z" />
        </svg>
      </button>
      <div id="guest-menu" popover="auto" className="menu-popover">
        <a href={login} className="menu-item">Login</a>
        <a href={register} className="menu-item">Register</a>
        {/* Forum and Create leave the header below 640 px: the menu carries them there. */}
        <a href="/forum" className="menu-item sm:hidden">Forum</a>
        <button type="button" popoverTarget="create-dialog" className="menu-item w-full text-left sm:hidden">Create</button>
      </div>
    </>
  );
}

function LoginRequiredDialog({ login, register }: AuthLinks) {
  return (
    <PopoverDialog id="login-required" title="Login required">
      <p className="mb-5 text-sm text-neutral-300">
        {/* The button that opened the dialog names its action here (components/ui/site_dialogs.ts, issue 27 point 10). */}
        You need to be logged in to <span data-login-action-text>do that</span>. Log in or create a free account.
      </p>
      <div className="flex gap-3">
        <a href={login} className={`${button} inline-flex bg-orange-500 text-black hover:bg-orange-400`}>Login</a>
        <a href={register} className={`${button} inline-flex border border-neutral-700 hover:bg-neutral-800`}>Register</a>
      </div>
    </PopoverDialog>
  );
}

function CreateDialog({ tools: { featured, tools } }: { tools: AiTools }) {
  return (
    <PopoverDialog id="create-dialog" title="Create with our favourite AI tools" wide>
      <a
        href={featured.url}
        target="_blank"
        rel="noopener noreferrer"
        className="mb-4 block rounded-lg border border-orange-500/60 bg-orange-500/10 p-4 hover:bg-orange-500/20"
      >
        <span className="text-xs font-semibold uppercase tracking-wide text-orange-400">Featured</span>
        <span className="block text-base font-semibold">{featured.name}</span>
        <span className="block text-sm text-neutral-300">{featured.description}</span>
      </a>
      <ul className="grid gap-2 sm:grid-cols-2">
        {tools.map((tool) => (
          <li key={tool.name}>
            <a
              href={tool.url}
              target="_blank"
              rel="noopener noreferrer"
              className="block h-full rounded-lg border border-neutral-800 p-3 hover:bg-neutral-800"
            >
              <span className="block text-sm font-semibold">{tool.name}</span>
              <span className="block text-xs text-neutral-400">{tool.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </PopoverDialog>
  );
}
