import type { PageMeta } from "../../components/Document.tsx";
import type { ProfileUser } from "../../db/queries/profiles.ts";
import { profileHref } from "../../common/profile_rules.ts";
import { formatDate } from "../../common/format.ts";
import { FeedLinks, userFeed } from "./feed_links.tsx";

const monthYear = (ms: number) => formatDate(ms, "monthYear");

/** Title, description, canonical, Open Graph profile tags and a ProfilePage JSON-LD for `/user/{name}`. */
export function profileMeta(
  profile: ProfileUser,
  { page, total, siteName, image }: { page: number; total: number; siteName: string; image?: string },
): PageMeta {
  const base = profileHref(profile);
  const canonical = page > 1 ? `${base}?page=${page}` : base;
  const items = `${total} AI-generated ${total === 1 ? "video or image" : "videos and images"}`;
  const description = `${profile.username} on ${siteName}: ${items}. ${profile.isAdmin ? "Administrator" : "Member"} since ${
    monthYear(profile.createdAt)
  }.`;
  return {
    title: page > 1 ? `${profile.username} (page ${page})` : profile.username,
    description,
    canonical,
    image,
    type: "profile",
    noindex: profile.banned,
    extraHead: (
      <>
        <meta property="profile:username" content={profile.username} />
        <FeedLinks feeds={[userFeed(profile.username)]} />
      </>
    ),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ProfilePage",
      dateCreated: new Date(profile.createdAt).toISOString(),
      mainEntity: {
        "@type": "Person",
        name: profile.username,
        identifier: String(profile.id),
        interactionStatistic: {
          "@type": "InteractionCounter",
          interactionType: "https://schema.org/WriteAction",
          userInteractionCount: total,
        },
      },
    },
  };
}
