/** What a member mutes (issue 25): an uploader, an AI generator or a tag. */
export type MuteType = "tag" | "user" | "generator";

/**
 * How a mute target is named wherever it is offered or confirmed (a card's "⋯" menu, "Mute…" on
 * the media page and a profile, their toasts): "@mira_lumen", "generator Kling", "#fractal". One
 * wording, so a member meets the same entry on a card and on its page (issue 36 point 16).
 */
export function muteLabel(type: MuteType, name: string): string {
  return type === "user" ? `@${name}` : type === "generator" ? `generator ${name}` : `#${name}`;
}
