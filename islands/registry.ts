/**
 * Every island, registered by its file name. The browser entry loads them from here and the
 * server's `<Island name=...>` is typed by it, so a misspelt or unregistered name does not compile
 * (tests/island_registry_test.ts fails when an island file is missing here).
 */
import type { ComponentType } from "react";

// Each island declares its own props; the marker carries them as JSON, so here they are untyped.
type Loader = () => Promise<{ default: ComponentType<any> }>;

// One dynamic import per island: esbuild splits each into its own chunk.
export const islands = {
  AccountMenu: () => import("./AccountMenu.tsx"),
  AdminDashboard: () => import("./AdminDashboard.tsx"),
  AuthForm: () => import("./AuthForm.tsx"),
  CategoryTabs: () => import("./CategoryTabs.tsx"),
  Feed: () => import("./Feed.tsx"),
  FollowButton: () => import("./FollowButton.tsx"),
  FediverseFollow: () => import("./FediverseFollow.tsx"),
  FederationSwitch: () => import("./FederationSwitch.tsx"),
  FollowingFeedUrl: () => import("./FollowingFeedUrl.tsx"),
  CreatorSuggestions: () => import("./CreatorSuggestions.tsx"),
  Forum: () => import("./Forum.tsx"),
  GenerationDetails: () => import("./GenerationDetails.tsx"),
  ForgotPasswordForm: () => import("./ForgotPasswordForm.tsx"),
  SearchResults: () => import("./SearchResults.tsx"),
  Comments: () => import("./Comments.tsx"),
  LikeButton: () => import("./LikeButton.tsx"),
  MediaModal: () => import("./MediaModal.tsx"),
  MediaPlayer: () => import("./MediaPlayer.tsx"),
  MemberActions: () => import("./MemberActions.tsx"),
  MemberRoleQuota: () => import("./MemberRoleQuota.tsx"),
  RelatedList: () => import("./RelatedList.tsx"),
  PrivacySwitch: () => import("./PrivacySwitch.tsx"),
  HistoryList: () => import("./HistoryList.tsx"),
  ReportButton: () => import("./ReportButton.tsx"),
  SaveButton: () => import("./SaveButton.tsx"),
  CollectionGrid: () => import("./CollectionGrid.tsx"),
  CollectionEdit: () => import("./CollectionEdit.tsx"),
  ShareButton: () => import("./ShareButton.tsx"),
  MyVideos: () => import("./MyVideos.tsx"),
  NotificationBell: () => import("./NotificationBell.tsx"),
  NotificationSettings: () => import("./NotificationSettings.tsx"),
  MutedList: () => import("./MutedList.tsx"),
  RemoteAccountsList: () => import("./RemoteAccountsList.tsx"),
  MuteMenu: () => import("./MuteMenu.tsx"),
  MutedMemberNotice: () => import("./MutedMemberNotice.tsx"),
  Messages: () => import("./Messages.tsx"),
  ProfileMessageBox: () => import("./ProfileMessageBox.tsx"),
  UserContent: () => import("./UserContent.tsx"),
  ProfileSettings: () => import("./ProfileSettings.tsx"),
  ResetPasswordForm: () => import("./ResetPasswordForm.tsx"),
  Toaster: () => import("./Toaster.tsx"),
  UploadDialog: () => import("./UploadDialog.tsx"),
} satisfies Record<string, Loader>;

export type IslandName = keyof typeof islands;
