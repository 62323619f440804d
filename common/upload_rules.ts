/** Upload and edit rules shared by the upload dialog, My Videos and the server (spec part 1 §5, part 2 §5). */
export const UPLOAD_LIMITS = {
  titleMin: 3,
  title: 100,
  description: 500,
  aiGenerator: 100,
  prompt: 1000,
  tags: 200,
} as const;

export const UPLOAD_MSG = {
  title: "Title must be at least 3 characters long",
  category: "Please select a category",
  aiTool: "Please select or specify an AI tool",
  videoFile: "Please select a video file",
  imageFile: "Please select an image file",
  invalidType: "Invalid file type",
  tooLarge: "File too large",
  duplicate: "Duplicate content detected",
  /** The duplicate refusal when the item it repeats is public (issue 36 point 15). */
  duplicateOf: (title: string) => `Duplicate content detected: "${title}" is already on the site.`,
  /** A create from an upload an earlier create refused (issue 42 point 4): the file is gone. */
  spent: "This upload was refused and removed: please upload the file again",
} as const;

/** Toast titles and texts of the upload flow (spec part 1 §8). */
export const UPLOAD_TOAST = {
  invalidTitle: "Invalid title",
  invalidType: "Invalid file type",
  tooLarge: "File too large",
  fileFailed: "File upload failed",
  notLoggedIn: "User not logged in",
  duplicateTitle: "Duplicate",
  duplicateText: "This content is a duplicate",
  errorTitle: "Upload error",
  errorText: "Upload failed",
  successTitle: "Upload successful",
  successText: "Content submitted and under review",
} as const;

/** Sizes as the spec writes them: "750MB". */
export const formatMb = (bytes: number) => `${Math.round(bytes / 1048576)}MB`;

/** The size-limit text, the same in the dialog and in the server's 413 answer. */
export const maxSizeText = (bytes: number) => `The maximum size is ${formatMb(bytes)}`;

/** Dispatched on `window` by the upload dialog with the created content item (islands/MyVideos.tsx adds it). */
export const UPLOADED_EVENT = "dr:uploaded";

/**
 * The rules' duration for videos (over 10 seconds, at most 15 minutes): the upload dialog warns.
 * The minimum is a review rule; the server refuses a video longer than MAX_VIDEO_SECONDS (default
 * these 15 minutes: lib/media/video_check.ts) with its own message.
 */
export const VIDEO_ADVICE = {
  minSeconds: 10,
  maxSeconds: 15 * 60,
  text: (seconds: number) =>
    `This clip is ${
      Math.round(seconds)
    } s long: the rules ask for over 10 seconds and at most 15 minutes, so review will likely reject it.`,
} as const;
