import { openSave } from "../components/ui/save_launcher.ts";

type Props = { item: { id: number; title: string }; signedIn: boolean };

const outlined =
  "inline-flex h-10 items-center gap-2 rounded-lg border border-neutral-700 px-3 text-sm font-medium text-neutral-100 hover:bg-neutral-800";

/** Save on the media page (issue 32): the Save dialog for members, the login-required dialog for visitors. */
export default function SaveButton({ item, signedIn }: Props) {
  const icon = (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
  if (!signedIn) {
    return (
      <button type="button" popoverTarget="login-required" data-login-action="save content" className={outlined}>
        {icon} Save
      </button>
    );
  }
  return (
    <button type="button" onClick={() => openSave(item)} className={outlined} data-testid="save-button">
      {icon} Save
    </button>
  );
}
